import { Link, useParams } from 'react-router';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { useContent } from '@/lib/content';
import { literatureFacts } from '@/features/content/components/literature-facts';
import { RichText } from '@/features/content/components/rich-text';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';

export default function LiteratureDetailPage() {
  const { id } = useParams();
  const { data, isPending, isError, error, refetch, isFetching } = useContent(id);
  const enabled = data?.attributes.enable === '1';
  const status = data ? data.extra.enable[data.attributes.enable ?? ''] : undefined;

  useDocumentMeta(data?.title, data?.summary);
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <nav aria-label="面包屑" className="mb-4 text-sm text-gray-500">
        <Link to="/" className="hover:text-primary">
          首页
        </Link>
        <span className="mx-2">/</span>
        <Link to="/literature" className="hover:text-primary">
          标准文献
        </Link>
        <span className="mx-2">/</span>
        <span className="text-gray-700">文献详情</span>
      </nav>
      <article className="rounded-lg border border-gray-100 bg-white p-4 shadow-sm sm:p-8">
        {isPending ? (
          <Spinner />
        ) : isError && !isNotFound(error) ? (
          <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
        ) : isError || data.model !== 'literature' ? (
          <Empty />
        ) : (
          <>
            <header className="border-b border-gray-100 pb-5">
              <div className="flex flex-wrap items-start gap-3">
                <h1 className="min-w-0 flex-1 text-xl font-semibold leading-8 text-gray-900">
                  {data.title}
                </h1>
                {status && (
                  <span
                    className={cn(
                      'rounded-full px-3 py-1 text-xs',
                      enabled ? 'bg-primary-50 text-primary' : 'bg-gray-100 text-gray-500',
                    )}
                  >
                    {status}
                  </span>
                )}
              </div>
              <dl className="mt-4 grid gap-3 rounded-md bg-gray-50 p-4 text-sm sm:grid-cols-2">
                {literatureFacts(data.attributes).map(([label, value]) => (
                  <div key={label} className="flex min-w-0 gap-2">
                    <dt className="shrink-0 text-gray-400">{label}：</dt>
                    <dd className="min-w-0 break-words text-gray-700">{value}</dd>
                  </div>
                ))}
              </dl>
            </header>
            {data.info.trim() ? <RichText html={data.info} className="pt-4" /> : <Empty />}
            <footer className="mt-8 border-t border-gray-100 pt-4">
              <Link to="/literature" className="text-sm text-primary hover:underline">
                ← 返回文献列表
              </Link>
            </footer>
          </>
        )}
      </article>
    </div>
  );
}
