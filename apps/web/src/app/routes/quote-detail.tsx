import { useParams } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useQuote } from '@/features/procurement/api/quotes';
import { QuoteDetail } from '@/features/procurement/components/quote-detail';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function QuoteDetailRoute() {
  useDocumentMeta('报价单详情');
  const id = Number(useParams().id);
  const quote = useQuote(id);
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <h1 className="mb-4 text-xl font-semibold">报价单详情</h1>
      {quote.isPending ? (
        <Spinner />
      ) : quote.isError ? (
        <LoadFailed onRetry={() => void quote.refetch()} retrying={quote.isFetching} />
      ) : (
        <QuoteDetail quote={quote.data} />
      )}
    </div>
  );
}
