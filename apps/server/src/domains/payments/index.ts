/*
 * The payments domain's face (docs/payments.md): the gateways and what the shop opened with
 * them, their reports, bank transfers and the money staff record, and the ledger parts of every
 * refund (a balance credit, a recorded bank refund, a gateway refund). Payments moves orders
 * through the orders face (a gateway's report pays an order, or makes it 已退款); the steps that
 * write both (paying with the balance, 确认收款, cancelling, refunding) are workflows. The routes
 * call workflows, so domains/index.ts registers them from their files.
 */
// The Alipay client, run by the China-time probe under other time zones (test/gateways).
export { AlipayClient } from './alipay.ts';
export { payFromBalance } from './balance-payment.ts';
export type { Device } from './gateway.ts';
export { paidWithin, refundedWithin, type GatewayPeriod } from './gateway-movements.repository.ts';
export {
  closeOpenPayments,
  closeSupersededPayments,
  queryOpenPayments,
  supersedePayments,
} from './open-payments.service.ts';
export { SHOP_REFUNDED, giveBack, shopRefundView, type StaffRefund } from './order-refunds.ts';
export { startGatewayPayment, type PaymentStart } from './pay.service.ts';
export { payDeadline } from './payment-rules.ts';
export type { RefundRow as GatewayRefund } from './payments.repository.ts';
export {
  bankPaymentsWithin,
  creditSettlementsWithin,
  type RecordedBankPayment,
} from './recorded-payments.repository.ts';
export {
  PAYMENT_RECEIVED,
  PAYMENT_REFUNDED,
  recordBankTransferRow,
  recordOrderPayment,
  recordedPaymentsOf,
} from './recorded-payments.ts';
export { refundsOf } from './refunds-view.ts';
export {
  REFUND_TOO_MUCH,
  queryPendingRefunds,
  refundAsItStands,
  refundView,
  reserveGatewayRefund,
  reserveStrayRefund,
  sendRefund,
  sendRequestedRefunds,
  type RefundRequest,
} from './refunds.service.ts';
