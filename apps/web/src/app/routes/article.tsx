import { useParams } from 'react-router';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { useContent } from '@/lib/content';
import { RichText } from '@/features/content/components/rich-text';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';

/** Help and policy pages by slug (registerlogin, productorder, ...) or id. */
export default function ArticlePage() {
  const { id } = useParams();
  const { data, isPending, isError, error, refetch, isFetching } = useContent(id);

  useDocumentMeta(data?.title);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <article className="rounded-lg border border-gray-100 bg-white p-4 shadow-sm sm:p-10">
        {isPending ? (
          <Spinner />
        ) : isError && !isNotFound(error) ? (
          <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
        ) : isError || (!data.title && !data.info.trim()) ? (
          <Empty />
        ) : (
          <>
            <h1 className="border-b border-gray-100 pb-4 text-center text-2xl font-semibold text-gray-900">
              {data.title}
            </h1>
            {data.info.trim() ? <RichText html={data.info} className="pt-4" /> : <Empty />}
          </>
        )}
      </article>
    </div>
  );
}
