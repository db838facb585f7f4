import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';

/** The packages of orders (`deliveries`) and what each took (`delivery_goods`): fulfilment's own. */

export async function insertDelivery(db: Db, row: NewRow<'deliveries'>): Promise<number> {
  const r = await db.insertInto('deliveries').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertDeliveryGoods(db: Db, rows: NewRow<'deliveryGoods'>[]): Promise<void> {
  await db.insertInto('deliveryGoods').values(rows).execute();
}

export async function findDelivery(db: Db, orderId: number, id: number) {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('orderId', '=', orderId)
    .executeTakeFirst();
}

/** Units of each order line already shipped (a cancelled package's units are not). */
export async function shippedOfOrder(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('deliveryGoods as dg')
    .innerJoin('deliveries as d', 'd.id', 'dg.deliveryId')
    .select(['dg.orderGoodsId', (eb) => eb.fn.sum<number>('dg.quantityShipped').as('shipped')])
    .where('d.orderId', '=', orderId)
    .where('d.cancelledAt', 'is', null)
    .groupBy('dg.orderGoodsId')
    .execute();
  return new Map(rows.map((r) => [r.orderGoodsId, Number(r.shipped)]));
}

/** Every package of the order with what it took, cancelled ones too (the console shows them). */
export async function deliveriesOfOrder(db: Db, orderId: number) {
  const deliveries = await db
    .selectFrom('deliveries')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
  const goods =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('deliveryGoods')
          .select([
            'deliveryId',
            'orderGoodsId',
            'quantityShipped',
            'stocks',
            'lotNumber',
            'expire',
          ])
          .where(
            'deliveryId',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('id')
          .execute();
  return { deliveries, goods };
}

/**
 * Writes a delivery's track only if it is still the text read before; answers whether it did,
 * so two records appended at once cannot overwrite each other.
 */
export async function replaceTrack(
  db: Db,
  id: number,
  before: string,
  after: string,
): Promise<boolean> {
  const res = await db
    .updateTable('deliveries')
    .set({ track: after })
    .where('id', '=', id)
    .where('track', '=', before)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks a package cancelled (撤销发货) only if it still stands; answers whether it did, so of two
 * staff cancelling it at once only one puts its stock back.
 */
export async function cancelDelivery(
  db: Db,
  id: number,
  set: { at: number; reason: string; staffId: number },
): Promise<boolean> {
  const res = await db
    .updateTable('deliveries')
    .set({ cancelledAt: set.at, cancelReason: set.reason, cancelledBy: set.staffId })
    .where('id', '=', id)
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How many packages of the order still stand (not cancelled). */
export async function activeDeliveryCount(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orderId', '=', orderId)
    .where('cancelledAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
