import { useState, type ReactNode } from 'react';
import {
  formatDate,
  formatDateTime,
  INVOICE_TYPE_LABEL,
  InvoiceType,
  PAY_STATUS_LABEL,
  PAY_TYPE_LABEL,
  regionNamesOf,
} from '@labshop/shared';
import type { OrderDetail, OrderLineShipping } from '@labshop/shared/schemas';
import { ApprovalSteps } from '@/components/order/approval-steps';
import { ExpectedShip, ShippingClassTag } from '@/components/shipping/expected-ship';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { OrgOrderFacts } from '@/lib/order/approval';
import { toastSuccess } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useDivisions } from '../api/get-divisions';
import { canCancel, showsLogistics } from '../lib/order-rules';
import { GoodsLines } from './goods-lines';
import { Logistics } from './logistics';
import { OrderDocuments } from './order-documents';
import { OrderRefunds } from './order-refunds';
import { ReorderButton } from './reorder-button';
import { OrderStatusBadge } from './status-badge';
import { PayPanel } from './payment/pay-panel';
import { PaymentOutcome } from './payment/payment-outcome';

/** A line's shipping class and, while it waits for stock, 预计发货 (docs/shipping.md). */
function LineShipping({ shipping }: { shipping: OrderLineShipping | undefined }) {
  if (!shipping) return null;
  return (
    <>
      <ShippingClassTag value={shipping.shippingClass} />
      <ExpectedShip date={shipping.expectedShipDate} />
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded border border-gray-200 bg-white">
      <h2 className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">{title}</h2>
      <div className="p-4 text-sm">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-gray-500">{k}</dt>
          <dd className="break-all text-gray-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Everything about one order, the cancel action, and its logistics once shipped. */
export function OrderDetailView({ order }: { order: OrderDetail & OrgOrderFacts }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  const divisions = useDivisions(true);
  const region = regionNamesOf(order.deliveryRegionCode, divisions.data);
  const invoice = order.invoiceType !== InvoiceType.NONE;

  const confirmCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: () => toastSuccess('取消订单成功'),
      onSettled: () => setAsking(false),
    });

  return (
    <div className="flex flex-col gap-4" data-testid="order-detail">
      <section className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-gray-200 bg-white px-4 py-3 text-sm">
        <span>
          订单号：<strong className="break-all text-gray-900">{order.number}</strong>
        </span>
        <OrderStatusBadge status={order.status} />
        <span className="text-gray-500">{formatDateTime(order.createTime)}</span>
        <span className="ml-auto flex gap-2">
          <ReorderButton orderId={order.id} />
          {canCancel(order) && (
            <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
              取消订单
            </Button>
          )}
        </span>
      </section>

      {showsLogistics(order.status) && <Logistics orderId={order.id} />}

      {order.orgId != null && order.approval && (
        <Block title="单位采购">
          <Facts
            rows={[
              ['采购单位', order.orgName || '--'],
              ['经费卡', order.budgetCode || '--'],
            ]}
          />
          <div className="mt-3">
            <ApprovalSteps approval={order.approval} />
          </div>
        </Block>
      )}

      <PayPanel order={order} />
      <OrderDocuments order={order} />
      <PaymentOutcome order={order} />
      <OrderRefunds order={order} />

      <Block title="订单信息">
        <Facts
          rows={[
            ...(order.poNumber ? [['采购单号', order.poNumber] as [string, ReactNode]] : []),
            ['支付方式', PAY_TYPE_LABEL[order.payType] ?? '--'],
            ['支付状态', PAY_STATUS_LABEL[order.payStatus] ?? '--'],
            ['商品件数', order.count],
            ['订单备注', order.userRemark || '--'],
          ]}
        />
      </Block>

      <Block title="收货信息">
        <Facts
          rows={[
            ['收货人', order.deliveryUsername],
            ['联系电话', order.deliveryPhone],
            ['收货地址', `${region} ${order.deliveryAddress}`.trim()],
          ]}
        />
      </Block>

      <Block title="发票信息">
        {invoice ? (
          <Facts
            rows={[
              ['发票类型', INVOICE_TYPE_LABEL[order.invoiceType] ?? '--'],
              ['发票抬头', order.invoiceCompanyName],
              ['纳税人识别号', order.invoiceTaxpayerIdentificationNumber],
              ['收票邮箱', order.invoiceEmail],
              ['开票状态', order.invoiceNumber ? '已开票' : '未开票'],
              ...(order.invoiceNumber
                ? [
                    ['发票号码', order.invoiceNumber] as [string, ReactNode],
                    ['开票日期', formatDate(order.invoiceIssuedAt)] as [string, ReactNode],
                  ]
                : []),
            ]}
          />
        ) : (
          <p className="text-gray-600">不开发票</p>
        )}
      </Block>

      <Block title="商品清单">
        <GoodsLines
          lines={order.goodsList.map((g) => ({
            ...g,
            quantity: g.quantityPurchase,
            note: <LineShipping shipping={order.lineShipping.find((s) => s.goodsId === g.id)} />,
          }))}
          totals={[
            { label: '商品合计', value: order.goodsAmount },
            { label: '运费', value: order.freight },
            { label: '订单金额', value: order.amount, testId: 'order-amount' },
          ]}
        />
      </Block>

      <ConfirmDialog
        open={asking}
        message="确定取消此订单？"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
