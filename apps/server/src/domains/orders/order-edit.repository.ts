import type { Db } from '../../db/database.ts';

/** What an unpaid order was when staff began correcting it: the row must still be so. */
export interface OrderVersion {
  amount: number | null;
  updatedAt: number;
}

/**
 * Writes a corrected unpaid order's totals only while it is still unpaid, 待处理 and as it was
 * read (same amount, same version); answers whether it did. The version (`updatedAt`) moves on
 * with every correction, so of two staff correcting at once, or a correction racing a payment,
 * only one changes the order (docs/console.md, "Orders").
 */
export async function rewriteTotals(
  db: Db,
  id: number,
  from: OrderVersion & { status: number; payStatus: number },
  set: {
    goodsAmount: number;
    freight: number;
    amount: number;
    count: number;
    updatedAt: number;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from.status)
    .where('payStatus', '=', from.payStatus)
    .where('updatedAt', '=', from.updatedAt)
    .where('amount', from.amount === null ? 'is' : '=', from.amount)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setLine(
  db: Db,
  orderId: number,
  goodsId: number,
  line: { quantityPurchase: number; price: number },
): Promise<void> {
  await db
    .updateTable('orderGoods')
    .set(line)
    .where('id', '=', goodsId)
    .where('orderId', '=', orderId)
    .execute();
}

export async function removeLines(db: Db, orderId: number, goodsIds: number[]): Promise<void> {
  if (goodsIds.length === 0) return;
  await db
    .deleteFrom('orderGoods')
    .where('orderId', '=', orderId)
    .where('id', 'in', goodsIds)
    .execute();
}
