import type { Db } from '../../db/database.ts';

/** One refund of an order in fen, whoever gave it back. */
export interface RefundRow {
  amount: number;
  reason: string;
  createdAt: number;
}

/**
 * An order's refunds, oldest first: the shop's own (balance and bank transfer, order_refunds)
 * and the gateways' not failed (payment_refunds) of the money that paid it. Read here rather
 * than in payments, which pays orders through this feature.
 */
export async function refundRowsOf(db: Db, orderId: number): Promise<RefundRow[]> {
  const [own, gateway] = await Promise.all([
    db
      .selectFrom('orderRefunds')
      .select(['amount', 'reason', 'createdAt'])
      .where('orderId', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('paymentRefunds')
      .select(['amount', 'reason', 'createdAt'])
      .where('orderId', '=', orderId)
      .where('state', '!=', 'failed')
      // Money that paid nothing of the order is not a refund of it (docs/payments.md).
      .where('stray', '=', 0)
      .orderBy('id')
      .execute(),
  ]);
  return [...own, ...gateway].sort((a, b) => a.createdAt - b.createdAt);
}
