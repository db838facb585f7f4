import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** An order's lines with their packs, ordered quantities and the units its standing packages shipped. */
export function orderLinesToShip(db: Db, orderId: number) {
  return db
    .selectFrom('orderGoods as g')
    .select((eb) => [
      'g.id as orderGoodsId',
      'g.materialId',
      'g.quantityPurchase as quantity',
      eb
        .selectFrom('deliveryGoods as dg')
        .innerJoin('deliveries as d', 'd.id', 'dg.deliveryId')
        .select(sql<number>`coalesce(sum(dg.quantity_shipped), 0)`.as('n'))
        .whereRef('dg.orderGoodsId', '=', 'g.id')
        .where('d.cancelledAt', 'is', null)
        .as('shipped'),
    ])
    .where('g.orderId', '=', orderId)
    .orderBy('g.id')
    .execute();
}
