import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { PageTitle } from './page-title';

/** An account page whose form starts from loaded data: a spinner first, a retry if it fails. */
export function LoadedPage<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: { data?: T; isPending: boolean; isFetching: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      {query.isPending ? (
        <Spinner />
      ) : query.data ? (
        children(query.data)
      ) : (
        <LoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
    </section>
  );
}

/** 保存, lined up with the inputs. */
export function SaveButton({ loading }: { loading: boolean }) {
  return (
    <div className="sm:pl-[7.75rem]">
      <Button type="submit" loading={loading} className="w-full sm:w-32">
        保存
      </Button>
    </div>
  );
}
