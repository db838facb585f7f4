import type { Paged } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { createdWithin, selectPage, type PageRequest, type TimeRange } from '../../db/paging.ts';
import type { NewRow, Row } from '../../db/schema.ts';

/** Remembers which cart lines became the order (the key is the sorted line ids). */
export async function recordOrderCart(db: Db, row: NewRow<'orderCarts'>): Promise<void> {
  await db.insertInto('orderCarts').values(row).execute();
}

/** The order the member already made from exactly these cart lines, if any. */
export async function findOrderOfCart(
  db: Db,
  userId: number,
  cartKey: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('orderCarts')
    .select('orderId')
    .where('userId', '=', userId)
    .where('cartKey', '=', cartKey)
    .executeTakeFirst();
  return row?.orderId;
}

/** Drops the cart-to-order records older than `before`; repeated submissions come within minutes. */
export async function pruneOrderCarts(db: Db, before: number): Promise<number> {
  const res = await db.deleteFrom('orderCarts').where('createdAt', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function insertOrderGoods(db: Db, goods: NewRow<'orderGoods'>[]): Promise<void> {
  await db.insertInto('orderGoods').values(goods).execute();
}

export interface OrderFilter extends TimeRange {
  status?: number;
  payType?: number;
  payStatus?: number;
}

/** Whose orders a list shows: one member's, or an organization's (all, or one buyer's of it). */
export type OrderOwner = { userId: number } | { orgId: number; userId?: number };

export async function pageOrders(
  db: Db,
  owner: OrderOwner,
  f: OrderFilter,
  page: PageRequest,
): Promise<Paged<Row<'orders'>>> {
  return selectPage(
    db
      .selectFrom('orders')
      .selectAll()
      .where((eb) => {
        const conds = [];
        if ('orgId' in owner) conds.push(eb('orgId', '=', owner.orgId));
        if (owner.userId !== undefined) conds.push(eb('userId', '=', owner.userId));
        if (f.status !== undefined) conds.push(eb('status', '=', f.status));
        if (f.payType !== undefined) conds.push(eb('payType', '=', f.payType));
        if (f.payStatus !== undefined) conds.push(eb('payStatus', '=', f.payStatus));
        return eb.and([...conds, ...createdWithin(eb, f)]);
      }),
    page,
  );
}

export async function findOrder(
  db: Db,
  userId: number,
  id: number,
): Promise<Row<'orders'> | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function goodsOfOrders(db: Db, orderIds: number[]): Promise<Row<'orderGoods'>[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orderGoods')
    .selectAll()
    .where('orderId', 'in', orderIds)
    .orderBy('id')
    .execute();
}

/**
 * The order's packages as the buyer and the documents know them: a cancelled package (撤销发货,
 * docs/lots.md) is left out, so it is in no list, delivery note, packing slip or 报销材料.
 */
export async function deliveriesOfOrder(db: Db, orderId: number): Promise<Row<'deliveries'>[]> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('orderId', '=', orderId)
    .where('cancelledAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export type ShippedGoodsRow = Row<'orderGoods'> & {
  deliveryId: number;
  quantityShipped: number;
  stocks: string;
  lotNumber: string | null;
  expire: string | null;
};

/** Goods of the given packages, limited to the lines of their own order. */
export async function goodsOfDeliveries(
  db: Db,
  orderId: number,
  deliveryIds: number[],
): Promise<ShippedGoodsRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('deliveryGoods as dg')
    .innerJoin('orderGoods as og', 'og.id', 'dg.orderGoodsId')
    .selectAll('og')
    .select(['dg.deliveryId', 'dg.quantityShipped', 'dg.stocks', 'dg.lotNumber', 'dg.expire'])
    .where('dg.deliveryId', 'in', deliveryIds)
    .where('og.orderId', '=', orderId)
    .orderBy('dg.id')
    .execute();
}

/**
 * Certificates on file for the lots a buyer received, keyed by item number (lower case) and lot
 * number; the first certificate of each lot.
 */
export async function certificatesOfLots(
  db: Db,
  lots: ReadonlyArray<{ number: string; lotNumber: string }>,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const lotNumbers = [...new Set(lots.map((l) => l.lotNumber))];
  if (lotNumbers.length === 0) return found;
  const rows = await db
    .selectFrom('coaRecords')
    .select(['productNumber', 'lotNumber', 'file'])
    .where('lotNumber', 'in', lotNumbers)
    .orderBy('id')
    .execute();
  const wanted = new Set(lots.map((l) => `${l.number.toLowerCase()}\u0000${l.lotNumber}`));
  for (const r of rows) {
    const key = `${r.productNumber.toLowerCase()}\u0000${r.lotNumber}`;
    if (wanted.has(key) && !found.has(key)) found.set(key, r.file);
  }
  return found;
}
