import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

export const ONLINE_REFUND_UNAVAILABLE =
  '微信/支付宝订单的原路退款尚未接通，请稍后再试或联系技术人员';

export interface OnlineRefundRequest {
  order: Row<'orders'>;
  /** Fen; the whole paid amount when an order is cancelled. */
  amountFen: number;
  staffId: number;
  reason: string;
}

/**
 * Refunds a WeChat Pay or Alipay order through its gateway, inside the cancel transaction (a
 * refusal rolls the cancel back). The gateway refund belongs to the payments feature; until it
 * is wired in here, such cancellations are refused with a clear message and change nothing.
 */
export async function refundOnlinePayment(_db: Db, _request: OnlineRefundRequest): Promise<void> {
  throw badRequest(ONLINE_REFUND_UNAVAILABLE);
}
