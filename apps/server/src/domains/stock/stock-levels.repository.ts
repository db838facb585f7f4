import { sql, type SqlBool } from 'kysely';
import { OrderStatus, PayStatus, PayType } from '@labshop/shared';
import { LOW_STOCK_BELOW } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/chunks.ts';
import { contains } from '../../db/like.ts';
import { expiredUnits } from './lots.repository.ts';

/*
 * Reads of stock levels for display and for selling: what paid orders hold, what can still be
 * sold, the stock page and the movement history. The counts are written only by
 * stock.repository.ts (docs/architecture.md, "Ledgers").
 */

/**
 * Units of each pack that paid orders hold: ordered on a paid order still to ship (待发货,
 * 运输中), or on a credit order (月结), which is sold when it reaches 待发货 unpaid, less what
 * its packages have shipped (a cancelled package shipped nothing: its units are
 * back on hand and held again). They are on hand but sold, so the storefront shows
 * and quick order counts only what is left (docs/catalogue.md, "Held stock"). Driven from the
 * open paid orders (few), never from the order history.
 */
export async function heldByPaidOrders(
  db: Db,
  of: { materialIds: readonly number[] } | { productIds: readonly number[] },
): Promise<Map<number, number>> {
  const [column, ids] =
    'materialIds' in of
      ? (['og.materialId', of.materialIds] as const)
      : (['og.productId', of.productIds] as const);
  const held = new Map<number, number>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('orders as o')
      .innerJoin('orderGoods as og', 'og.orderId', 'o.id')
      .select([
        'og.materialId',
        sql<number>`sum(og.quantity_purchase - coalesce((select sum(dg.quantity_shipped)
          from delivery_goods dg inner join deliveries d on d.id = dg.delivery_id
          where dg.order_goods_id = og.id and d.cancelled_at is null), 0))`.as('held'),
      ])
      .where('o.status', 'in', [OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPING])
      .where((eb) =>
        eb.or([eb('o.payStatus', '=', PayStatus.PAID), eb('o.payType', '=', PayType.CREDIT)]),
      )
      .where(column, 'in', part)
      .groupBy('og.materialId')
      .execute();
    for (const r of rows) if (Number(r.held) > 0) held.set(r.materialId, Number(r.held));
  }
  return held;
}

/**
 * Units each pack can still sell over every warehouse: on hand less what paid orders hold
 * (`heldByPaidOrders`) and less the units of lots expired by `today`, which never ship; never
 * below zero. Packs without stock rows are left out.
 */
export async function availableOf(
  db: Db,
  materialIds: readonly number[],
  today: string,
): Promise<Map<number, number>> {
  if (materialIds.length === 0) return new Map();
  const [rows, held, expired] = await Promise.all([
    db
      .selectFrom('materialStocks')
      .select(['materialId', (eb) => eb.fn.sum<number>('count').as('n')])
      .where('materialId', 'in', [...new Set(materialIds)])
      .groupBy('materialId')
      .execute(),
    heldByPaidOrders(db, { materialIds }),
    expiredUnits(db, materialIds, today),
  ]);
  const unsellable = (id: number) => (held.get(id) ?? 0) + (expired.get(id) ?? 0);
  return new Map(
    rows.map((r) => [r.materialId, Math.max(0, Number(r.n) - unsellable(r.materialId))]),
  );
}

export function findMaterial(db: Db, id: number) {
  return db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .select(['m.id', 'm.productId', 'm.pack', 'p.name', 'p.number'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/**
 * Units of the pack aliased `m` summed over all warehouses (0 without stock rows). The dashboard's
 * low-stock list and the stock page's 低库存 filter both use it, so they agree.
 */
export const packTotalStock = sql<number>`(select coalesce(sum(t.count), 0) from material_stocks t
  where t.material_id = m.id)`;

/**
 * Low stock of the pack aliased `m`: on sale, kept in stock (a stock row in some warehouse; a
 * made-to-order pack has none and is never "low") and fewer than `below` units over all
 * warehouses. The dashboard and the stock page's 低库存 filter share it.
 */
export const isLowStock = (below: number) =>
  sql<SqlBool>`(m.on_sale = 1 and exists (select 1 from material_stocks k
    where k.material_id = m.id) and ${packTotalStock} < ${below})`;

export interface StockFilter {
  storeId: number;
  /** Item number or name, matched from the start (item number) or anywhere (name). */
  key?: string | undefined;
  /**
   * 'out': count 0 or no row; 'in': count above 0 (both in this warehouse);
   * 'low': total over all warehouses below LOW_STOCK_BELOW.
   */
  state?: 'in' | 'out' | 'low' | undefined;
  materialId?: number | undefined;
}

/** One page of the packs with their count in one warehouse. */
export async function pageStock(db: Db, f: StockFilter, page: number, size: number) {
  let base = db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .leftJoin('materialStocks as s', (j) =>
      j.onRef('s.materialId', '=', 'm.id').on('s.storeId', '=', f.storeId),
    );
  if (f.key) {
    const key = f.key;
    base = base.where((eb) =>
      eb.or([contains(sql.ref('p.number'), key), contains(sql.ref('p.name'), key)]),
    );
  }
  if (f.state === 'in') base = base.where('s.count', '>', 0);
  if (f.state === 'out') {
    base = base.where((eb) => eb.or([eb('s.count', 'is', null), eb('s.count', '<=', 0)]));
  }
  if (f.state === 'low') base = base.where(isLowStock(LOW_STOCK_BELOW));
  if (f.materialId !== undefined) base = base.where('m.id', '=', f.materialId);
  const [records, count] = await Promise.all([
    base
      .select([
        'm.id as materialId',
        'm.pack',
        'm.onSale',
        'p.id as productId',
        'p.name',
        'p.number',
        's.count',
        packTotalStock.as('totalCount'),
      ])
      .orderBy('p.number')
      .orderBy('m.sort')
      .orderBy('m.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: records.map((r) => ({
      ...r,
      count: r.count === null ? 0 : Number(r.count),
      totalCount: Number(r.totalCount),
    })),
    total: Number(count.total),
  };
}

export interface MovementFilter {
  storeId?: number | undefined;
  materialId?: number | undefined;
}

/** Movement history, newest first, with the pack and product it concerns. */
export async function pageMovements(db: Db, f: MovementFilter, page: number, size: number) {
  let base = db
    .selectFrom('stockMovements as sm')
    .innerJoin('materials as m', 'm.id', 'sm.materialId')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .innerJoin('stores as st', 'st.id', 'sm.storeId');
  if (f.storeId !== undefined) base = base.where('sm.storeId', '=', f.storeId);
  if (f.materialId !== undefined) base = base.where('sm.materialId', '=', f.materialId);
  const [records, count] = await Promise.all([
    base
      .select([
        'sm.id',
        'sm.materialId',
        'sm.storeId',
        'st.name as storeName',
        'p.number',
        'p.name',
        'm.pack',
        'sm.change',
        'sm.countAfter',
        'sm.reason',
        'sm.remark',
        'sm.staffId',
        'sm.orderId',
        'sm.lotNumber',
        'sm.documentId',
        'sm.createdAt',
      ])
      .orderBy('sm.createdAt', 'desc')
      .orderBy('sm.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

/** Each given pack's count per warehouse it has a stock row in. */
export async function stocksOfPacks(db: Db, materialIds: readonly number[]) {
  const out = [];
  for (const part of chunks([...new Set(materialIds)])) {
    out.push(
      ...(await db
        .selectFrom('materialStocks')
        .select(['materialId', 'storeId', 'count'])
        .where('materialId', 'in', part)
        .execute()),
    );
  }
  return out;
}

/** Units of all packs of the product aliased `p`, over all warehouses (the product list's filter). */
export const productTotalStock = sql<number>`(select coalesce(sum(s.count), 0) from material_stocks s
  inner join materials m on m.id = s.material_id where m.product_id = p.id)`;

/**
 * On-sale packs of the products with their stock per warehouse, and what their lots say
 * (docs/lots.md): the units of lots expired by `today` in that warehouse, which are not for sale,
 * and the expiry of the lot the pack would ship next from any warehouse. The storefront's cards
 * and product page are made from these rows.
 */
export function packsWithStock(db: Db, productIds: readonly number[], today: string) {
  return db
    .selectFrom('materials as m')
    .leftJoin('materialStocks as s', 's.materialId', 'm.id')
    .leftJoin('stores as st', 'st.id', 's.storeId')
    .select([
      'm.id',
      'm.productId',
      'm.pack',
      'm.price',
      'm.userPrice',
      'm.leadTimeDays',
      's.storeId',
      'st.name as storeName',
      's.count',
      sql<number>`(select coalesce(sum(l.quantity), 0) from stock_lots l
        where l.material_id = m.id and l.store_id = s.store_id and l.expire < ${today})`.as(
        'expiredUnits',
      ),
      sql<string | null>`(select min(l.expire) from stock_lots l
        where l.material_id = m.id and l.quantity > 0 and l.expire >= ${today})`.as('nextExpire'),
    ])
    .where('m.productId', 'in', productIds)
    .where('m.onSale', '=', 1)
    .orderBy('m.sort')
    .orderBy('m.id')
    .orderBy('s.storeId')
    .execute();
}

/**
 * What a package's shipment took: its `shipment` movements, per pack, warehouse and lot (the
 * units taken are the negated changes). A package recorded without taking stock (before stock
 * movements, or by the demo seed) has none.
 */
export async function takenByPackage(db: Db, deliveryId: number) {
  const rows = await db
    .selectFrom('stockMovements as sm')
    .leftJoin('stockLots as l', (j) =>
      j
        .onRef('l.materialId', '=', 'sm.materialId')
        .onRef('l.storeId', '=', 'sm.storeId')
        .onRef('l.lotNumber', '=', 'sm.lotNumber'),
    )
    .select(['sm.materialId', 'sm.storeId', 'sm.lotNumber', 'l.expire', 'sm.change'])
    .where('sm.deliveryId', '=', deliveryId)
    .where('sm.reason', '=', 'shipment')
    .orderBy('sm.id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: -Number(r.change) }));
}
