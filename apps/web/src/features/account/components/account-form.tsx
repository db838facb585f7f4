import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
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

export interface TextField<K extends string> {
  key: K;
  label: string;
  required?: boolean;
  type?: string;
  max: number;
}

/** One input per field, each asking 请输入 and its label. */
export function TextFields<F extends Record<K, string>, K extends string>({
  fields,
  form,
  setForm,
}: {
  fields: TextField<K>[];
  form: F;
  setForm: Dispatch<SetStateAction<F>>;
}) {
  return fields.map((f) => (
    <Field key={f.key} label={f.label} required={f.required}>
      <Input
        type={f.type}
        maxLength={f.max}
        placeholder={`请输入${f.label}`}
        value={form[f.key]}
        onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
      />
    </Field>
  ));
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
