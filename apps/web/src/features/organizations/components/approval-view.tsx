import { useState } from 'react';
import { formatDateTime } from '@labshop/shared';
import { ORG_ROLE_LABEL, type PendingApproval } from '@labshop/shared/schemas';
import { ApprovalSteps } from '@/components/order/approval-steps';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Price } from '@/components/ui/price';
import { useDecide } from '../api/approvals';
import { useOrgOrders } from '../api/org-orders';

/** The order's lines, read from the organization's order list the approver may see. */
function OrderLines({ orgId, orderId }: { orgId: number; orderId: number }) {
  const orders = useOrgOrders(orgId, {}, 1);
  const order = orders.data?.records.find((o) => o.id === orderId);
  if (!order) return null;
  return (
    <ul
      className="divide-y divide-gray-100 rounded border border-gray-100"
      data-testid="approval-lines"
    >
      {order.goodsList.map((g) => (
        <li key={g.id} className="flex flex-wrap gap-x-3 px-3 py-2">
          <span className="min-w-0 flex-1 font-medium break-all text-gray-900">{g.name}</span>
          <span className="text-gray-500">{g.pack}</span>
          <span className="text-gray-500">× {g.quantityPurchase}</span>
        </li>
      ))}
    </ul>
  );
}

/** One order waiting for the caller: lines, amount, budget, steps so far, approve or reject. */
export function ApprovalView({ orgId, item }: { orgId: number; item: PendingApproval }) {
  const decide = useDecide(orgId);
  const [remark, setRemark] = useState('');
  const send = (approve: boolean) =>
    decide.mutate({ orderId: item.orderId, approve, remark: remark.trim() });
  return (
    <article
      className="flex flex-col gap-3 rounded border border-gray-200 p-4 text-sm"
      data-testid="approval-item"
    >
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span>
          订单号：<strong className="break-all text-gray-900">{item.number}</strong>
        </span>
        <span className="text-gray-500">{formatDateTime(item.createTime)}</span>
        <span>
          金额：
          <strong className="text-orange-600">
            {item.amount === null ? '待确认' : <Price value={item.amount} />}
          </strong>
        </span>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-gray-500">下单人</dt>
        <dd>{item.buyerName}</dd>
        <dt className="text-gray-500">经费卡</dt>
        <dd>{item.budgetCode || '--'}</dd>
        <dt className="text-gray-500">我的审批</dt>
        <dd>{item.roles.map((r) => ORG_ROLE_LABEL[r]).join('、')}</dd>
      </dl>
      <OrderLines orgId={orgId} orderId={item.orderId} />
      <ApprovalSteps approval={item.approval} />
      <Textarea
        aria-label="审批意见"
        rows={2}
        maxLength={200}
        placeholder="审批意见（选填，驳回时建议说明原因）"
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
      />
      <div className="flex gap-2">
        <Button
          onClick={() => send(true)}
          loading={decide.isPending && decide.variables?.approve === true}
        >
          同意
        </Button>
        <Button
          variant="outline"
          onClick={() => send(false)}
          loading={decide.isPending && decide.variables?.approve === false}
        >
          驳回
        </Button>
      </div>
    </article>
  );
}
