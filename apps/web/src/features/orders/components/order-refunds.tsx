import { formatDateTime } from '@labshop/shared';
import type { OrderDetail } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';

/**
 * The money given back of the order, each refund with its amount, reason and time, and their
 * sum (docs/payments.md, "Refunds"): a line staff could not supply is refunded in part.
 */
export function OrderRefunds({
  order,
}: {
  order: Pick<OrderDetail, 'refunds' | 'refundedAmount'>;
}) {
  if (order.refunds.length === 0) return null;
  return (
    <section className="rounded border border-gray-200 bg-white" data-testid="order-refunds">
      <h2 className="flex items-center justify-between border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">
        退款记录
        <span className="text-sm font-normal text-gray-600">
          已退款合计 <Price value={order.refundedAmount} className="font-semibold text-gray-900" />
        </span>
      </h2>
      <ul className="divide-y divide-gray-100 text-sm">
        {order.refunds.map((r) => (
          <li
            key={`${r.createTime}-${r.amount}-${r.reason}`}
            className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-2"
            data-testid="order-refund"
          >
            <Price value={r.amount} className="font-semibold text-gray-900" />
            <span className="min-w-0 flex-1 break-all text-gray-700">{r.reason}</span>
            <span className="text-gray-500">{formatDateTime(r.createTime)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
