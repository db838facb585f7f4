import { OrderStatus, PayStatus, PayType } from '@labshop/shared';

/** An order still waiting for its money (it can be paid or its pay type switched). */
export const awaitsPayment = (o: { status: number; payStatus: number }) =>
  (o.status === OrderStatus.PENDING || o.status === OrderStatus.AWAITING_SHIPMENT) &&
  o.payStatus === PayStatus.UNPAID;

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as 剩余 1 天 02:03:04 (days only when there are any). */
export function formatLeft(ms: number): string {
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days} 天 ${clock}` : clock;
}

/** Where a refund of the given pay type goes back to. */
export const REFUND_DESTINATION: Record<number, string> = {
  [PayType.WECHAT]: '原微信支付账户（零钱或付款银行卡）',
  [PayType.ALIPAY]: '原支付宝账户',
  [PayType.BALANCE]: '您的账户余额',
  [PayType.BANK_TRANSFER]: '您的付款银行账户',
};

/** Phones get WeChat H5 and Alipay mobile website payment; computers a QR code / page pay. */
export const payDevice = (): 'pc' | 'mobile' =>
  /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(navigator.userAgent) ? 'mobile' : 'pc';
