import { Link } from 'react-router';
import { formatDateTime, PAY_STATUS_LABEL, PAY_TYPE_LABEL } from '@labshop/shared';
import type { Order } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { awaitsApproval, type OrgOrderFacts } from '@/lib/order/approval';
import { ReorderButton } from './reorder-button';
import { OrderStatusBadge } from './status-badge';
import { awaitsPayment } from '../lib/payment';

const SHOWN_GOODS = 3;

/** One order of the list: number, time, status, first goods, amount and a link to the detail. */
export function OrderCard({ order }: { order: Order & OrgOrderFacts }) {
  const more = order.goodsList.length - SHOWN_GOODS;
  return (
    <article className="rounded border border-gray-200 bg-white text-sm" data-testid="order-card">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-gray-200 bg-gray-50 px-4 py-2 text-gray-500">
        <span>{formatDateTime(order.createTime)}</span>
        <span className="break-all">
          订单号：<span className="text-gray-800">{order.number}</span>
        </span>
        {order.orgName && <span className="text-gray-800">{order.orgName}</span>}
        <span className="ml-auto flex gap-2">
          {awaitsApproval(order) && (
            <span className="rounded bg-orange-50 px-2 py-0.5 text-xs font-medium text-orange-600">
              待审批
            </span>
          )}
          <OrderStatusBadge status={order.status} />
        </span>
      </header>
      <div className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center">
        <ul className="min-w-0 flex-1 space-y-1">
          {order.goodsList.slice(0, SHOWN_GOODS).map((g) => (
            <li key={g.id} className="flex flex-wrap gap-x-3 text-gray-700">
              <span className="min-w-0 font-medium break-all text-gray-900">{g.name}</span>
              <span className="text-gray-500">{g.pack}</span>
              <span className="text-gray-500">× {g.quantityPurchase}</span>
            </li>
          ))}
          {more > 0 && (
            <li className="text-xs text-gray-400">等共 {order.goodsList.length} 种商品</li>
          )}
        </ul>
        <div className="flex items-center justify-between gap-4 md:w-80 md:justify-end">
          <div className="text-left md:text-right">
            <p className="font-semibold text-orange-600" data-testid="order-amount">
              {order.amount === null ? '待确认' : <Price value={order.amount} />}
            </p>
            <p className="text-xs text-gray-500">
              {PAY_TYPE_LABEL[order.payType]} · {PAY_STATUS_LABEL[order.payStatus]}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1.5">
            {awaitsPayment(order) && !awaitsApproval(order) && (
              <Link
                to={`/order/${order.id}`}
                className="rounded bg-primary px-3 py-1.5 whitespace-nowrap text-white hover:bg-primary-dark"
                data-testid="order-pay"
              >
                {order.amount === null ? '待确认价格' : '去支付'}
              </Link>
            )}
            <Link
              to={`/order/${order.id}`}
              className="rounded border border-primary px-3 py-1.5 whitespace-nowrap text-primary hover:bg-primary-50"
            >
              查看详情
            </Link>
            <ReorderButton orderId={order.id} />
          </div>
        </div>
      </div>
    </article>
  );
}
