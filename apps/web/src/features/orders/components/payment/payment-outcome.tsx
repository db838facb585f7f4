import { OrderStatus, PayStatus } from '@labshop/shared';
import type { OrderDetail } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { usePaymentInfo } from '../../api/get-payment-info';
import { REFUND_DESTINATION } from '../../lib/payment';

type Closed = Pick<OrderDetail, 'id' | 'amount' | 'status' | 'payStatus' | 'payType'>;

/** For a closed or refunded order: what happened to the money, with the amount. */
export function PaymentOutcome({ order }: { order: Closed }) {
  const info = usePaymentInfo(order.id);
  const refunded = info.data?.refundedAmount ?? null;
  const where = REFUND_DESTINATION[order.payType] ?? '原付款账户';
  let text: React.ReactNode = null;
  if (order.payStatus === PayStatus.REFUNDED) {
    text = (
      <>
        订单已退款 <Price value={refunded ?? order.amount} className="font-semibold" />
        ，款项已退回{where}。
      </>
    );
  } else if (order.status === OrderStatus.CANCELLED && order.payStatus === PayStatus.UNPAID) {
    text = (
      <>
        订单已关闭，未付款
        {order.amount !== null && (
          <>
            （应付 <Price value={order.amount} />）
          </>
        )}
        ，没有产生任何扣款。
      </>
    );
  } else if (order.payStatus === PayStatus.PAID && refunded !== null) {
    text = (
      <>
        已部分退款 <Price value={refunded} className="font-semibold" />
        ，款项已退回{where}。
      </>
    );
  } else if (order.payStatus === PayStatus.PAID && order.status === OrderStatus.CANCELLED) {
    text = <>订单已取消，已付款项将退回{where}。</>;
  }
  if (info.data?.refundPending) text = <>{text} 退款处理中，到账时间以支付渠道为准。</>;
  if (!text) return null;
  return (
    <section
      className="rounded border border-gray-200 bg-gray-50 p-4 text-sm text-gray-700"
      data-testid="payment-outcome"
    >
      {text}
    </section>
  );
}
