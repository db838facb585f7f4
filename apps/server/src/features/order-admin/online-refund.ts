import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { requestRefund } from '../payments/payments.service.ts';

export interface OnlineRefundRequest {
  order: Row<'orders'>;
  /** Fen; the whole paid amount when an order is cancelled. */
  amountFen: number;
  staffId: number;
  reason: string;
}

/**
 * Refunds a WeChat Pay or Alipay order through its gateway, inside the cancel transaction (a
 * refusal rolls the cancel back): the refund is reserved here and handed to the gateway once
 * the cancel has committed (the route calls sendRequestedRefunds; the scheduler retries).
 */
export async function refundOnlinePayment(db: Db, request: OnlineRefundRequest): Promise<void> {
  await requestRefund(
    db,
    {
      orderId: request.order.id,
      amountFen: request.amountFen,
      reason: request.reason,
      staffId: request.staffId,
    },
    false,
  );
}
