import { OrderStatus, PayStatus } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';

/** Statuses in which a paid order may be refunded in part: paid and not cancelled. */
export const REFUNDABLE_STATUSES: number[] = [
  OrderStatus.AWAITING_SHIPMENT,
  OrderStatus.SHIPPING,
  OrderStatus.COMPLETED,
];

/**
 * Adds a refund to a paid balance or bank-transfer order's refunded amount only while the sum
 * stays within what was paid and the order is still refundable (docs/payments.md, "Refunds").
 * One conditional update: on PostgreSQL a concurrent refund waits for the row and re-checks the
 * condition against the committed sum; on SQLite writes are serial. Answers the order's pay
 * status after, or undefined when it did not apply.
 * The refund that covers the rest makes the order 已退款; an order that has shipped nothing is
 * refunded in full only by cancelling it, so its held stock and documents go back too.
 */
export async function addRefunded(
  trx: Db,
  p: { orderId: number; payTypes: number[]; amountFen: number; at: number },
): Promise<number | undefined> {
  const row = await trx
    .updateTable('orders')
    .set((eb) => ({
      refundedAmount: eb('refundedAmount', '+', p.amountFen),
      payStatus: eb
        .case()
        .when(eb('refundedAmount', '+', p.amountFen), '=', eb.ref('amount'))
        .then(PayStatus.REFUNDED)
        .else(PayStatus.PAID)
        .end(),
      updatedAt: p.at,
    }))
    .where('id', '=', p.orderId)
    .where('payStatus', '=', PayStatus.PAID)
    .where('status', 'in', REFUNDABLE_STATUSES)
    .where('payType', 'in', p.payTypes)
    .where((eb) => eb(eb('refundedAmount', '+', p.amountFen), '<=', eb.ref('amount')))
    .where((eb) =>
      eb.or([
        eb('status', '!=', OrderStatus.AWAITING_SHIPMENT),
        eb(eb('refundedAmount', '+', p.amountFen), '<', eb.ref('amount')),
      ]),
    )
    .returning('payStatus')
    .executeTakeFirst();
  return row?.payStatus;
}

/**
 * A cancel gives back what partial refunds left: called after the cancel's own conditional
 * update took the order's row, so no refund can commit between this read and the write.
 * Answers the fen left to refund (0 when partial refunds already gave everything back).
 */
export async function settleRefunded(trx: Db, orderId: number, at: number): Promise<number> {
  const o = await trx
    .selectFrom('orders')
    .select(['amount', 'refundedAmount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const rest = (o.amount ?? 0) - o.refundedAmount;
  if (rest > 0) {
    await trx
      .updateTable('orders')
      .set({ refundedAmount: o.amount ?? 0, updatedAt: at })
      .where('id', '=', orderId)
      .execute();
  }
  return rest;
}

export async function insertOrderRefund(
  trx: Db,
  row: NewRow<'orderRefunds'>,
): Promise<Row<'orderRefunds'>> {
  return trx.insertInto('orderRefunds').values(row).returningAll().executeTakeFirstOrThrow();
}
