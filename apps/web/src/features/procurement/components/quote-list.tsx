import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@labshop/shared';
import { QUOTE_STATUS_LABEL } from '@labshop/shared/schemas';
import { Empty } from '@/components/ui/empty';
import { LoadFailed } from '@/components/ui/load-failed';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { downloadFile } from '@/lib/download';
import { useQuotes } from '../api/quotes';

const SIZE = 10;

/** 我的报价: the member's quotes, newest first, with the PDF of each. */
export function QuoteList() {
  const [page, setPage] = useState(1);
  const quotes = useQuotes(page, SIZE);
  if (quotes.isPending) return <Spinner />;
  if (quotes.isError) {
    return <LoadFailed onRetry={() => void quotes.refetch()} retrying={quotes.isFetching} />;
  }
  const { records, total } = quotes.data;
  if (records.length === 0) {
    return (
      <div>
        <Empty text="暂无报价单" />
        <p className="-mt-8 pb-8 text-center text-sm text-gray-500">
          在购物车中选择商品后点击“申请报价”即可获取正式报价单。
        </p>
      </div>
    );
  }
  const pages = Math.ceil(total / SIZE);
  return (
    <div className="flex flex-col gap-3" data-testid="quote-list">
      {records.map((q) => (
        <article key={q.id} className="rounded border border-gray-200 bg-white text-sm">
          <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-gray-200 bg-gray-50 px-4 py-2 text-gray-500">
            <span>{formatDateTime(q.createTime)}</span>
            <span>
              报价单号：<span className="text-gray-800">{q.number}</span>
            </span>
            <span className="ml-auto font-medium text-primary">{QUOTE_STATUS_LABEL[q.status]}</span>
          </header>
          <div className="flex flex-wrap items-center gap-4 px-4 py-3">
            <p className="min-w-0 flex-1 text-gray-700">
              {q.lines
                .slice(0, 3)
                .map((l) => `${l.name} ${l.pack} × ${l.quantity}`)
                .join('；')}
              {q.lines.length > 3 && ` 等 ${q.lines.length} 种`}
            </p>
            <div className="text-right">
              <p className="font-semibold text-orange-600">
                {q.amount === null ? '待报价' : <Price value={q.amount} />}
              </p>
              {q.validUntil !== null && (
                <p className="text-xs text-gray-500">有效期至 {formatDate(q.validUntil)}</p>
              )}
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                className="rounded border border-gray-300 px-3 py-1.5 hover:border-primary hover:text-primary"
                onClick={() =>
                  void downloadFile(`/client/v1/quotes/${q.id}/pdf`, `报价单-${q.number}.pdf`)
                }
              >
                下载PDF
              </button>
              <Link
                to={`/quote/${q.id}`}
                className="rounded border border-primary px-3 py-1.5 text-primary hover:bg-primary-50"
              >
                查看详情
              </Link>
            </div>
          </div>
        </article>
      ))}
      {pages > 1 && (
        <div className="flex justify-center gap-2 text-sm">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </button>
          <span>
            {page} / {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </button>
        </div>
      )}
    </div>
  );
}
