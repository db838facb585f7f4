import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS, UI } from '@labshop/shared';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useContents } from '@/features/content/api/list-contents';
import { LiteratureItem } from '@/features/content/components/literature-item';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { LoadFailed } from '@/components/ui/load-failed';

export default function LiteraturePage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const key = params.get('key') ?? '';
  const { data, isPending, isError, refetch, isFetching } = useContents({
    model: 'literature',
    page,
    size: UI.literaturePageSize,
    key: key || undefined,
  });

  const go = (next: { page?: number; key?: string }) => {
    const q = new URLSearchParams();
    const k = next.key ?? key;
    const p = next.page ?? 1;
    if (k) q.set('key', k);
    if (p > 1) q.set('page', String(p));
    setParams(q);
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget as HTMLFormElement).get('key');
    go({ key: typeof value === 'string' ? value.trim() : '' });
  };

  useDocumentMeta('标准文献');
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-xl font-semibold text-gray-900">标准文献</h1>
          <p className="mt-1 text-sm text-gray-500">
            国家及行业标准文献信息，状态以发布机构公告为准
          </p>
        </div>
        <form role="search" onSubmit={search} className="flex w-full gap-2 sm:w-96">
          <Input
            key={key}
            name="key"
            defaultValue={key}
            maxLength={LIMITS.searchKeyMax}
            placeholder="标准名称 / 标准号"
            aria-label="搜索文献"
          />
          <Button type="submit">搜索</Button>
        </form>
      </div>

      <section className="rounded-lg border border-gray-100 bg-white shadow-sm">
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
        ) : !data || data.records.length === 0 ? (
          <Empty />
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="文献列表">
            {data.records.map((item) => (
              <LiteratureItem key={item.id} item={item} enableNames={data.extra.enable} />
            ))}
          </ul>
        )}
      </section>
      {data && (
        <Pagination
          current={data.current}
          size={data.size}
          total={data.total}
          onChange={(p) => go({ page: p })}
        />
      )}
    </div>
  );
}
