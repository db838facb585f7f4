import type { Db } from '../../db/database.ts';

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
