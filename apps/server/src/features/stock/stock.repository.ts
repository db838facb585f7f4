import { sql, type SqlBool } from 'kysely';
import { OrderStatus, PayStatus } from '@labshop/shared';
import { LOW_STOCK_BELOW } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow, StockReason } from '../../db/schema.ts';
import { chunks } from '../../db/chunks.ts';
import { contains } from '../../db/like.ts';

/*
 * The one writer of stock counts (docs/architecture.md, "Ledgers"): `material_stocks` and
 * `stock_movements` are written here and nowhere else (lint-enforced), and every change of a
 * count writes its movement, so a pack's movements in a warehouse always sum to its count.
 */

export interface StockMovementInput {
  materialId: number;
  storeId: number;
  /** Signed change of the count: positive received, negative shipped or damaged. */
  change: number;
  reason: StockReason;
  remark?: string;
  staffId?: number | null;
  orderId?: number | null;
  /** The package a shipment takes the stock for. */
  deliveryId?: number | null;
  createdAt: number;
}

/**
 * Changes a pack's stock in one warehouse and records the change as a movement row, in the
 * caller's transaction. The count never goes below zero: a change that would take it there
 * changes nothing and answers undefined; otherwise it answers the new count. Shipments call this
 * with reason 'shipment', the order and the package, staff adjustments and product saves with
 * received / counted / damaged.
 */
export async function moveStock(db: Db, m: StockMovementInput): Promise<number | undefined> {
  let countAfter: number | undefined;
  if (m.change >= 0) {
    const row = await db
      .insertInto('materialStocks')
      .values({ materialId: m.materialId, storeId: m.storeId, count: m.change })
      .onConflict((oc) =>
        oc.columns(['materialId', 'storeId']).doUpdateSet((eb) => ({
          count: eb('materialStocks.count', '+', m.change),
        })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    countAfter = Number(row.count);
  } else {
    const row = await db
      .updateTable('materialStocks')
      .set({ count: sql<number>`count + ${m.change}` })
      .where('materialId', '=', m.materialId)
      .where('storeId', '=', m.storeId)
      .where('count', '>=', -m.change)
      .returning('count')
      .executeTakeFirst();
    if (!row) return undefined;
    countAfter = Number(row.count);
  }
  if (m.change !== 0) {
    await db
      .insertInto('stockMovements')
      .values({
        materialId: m.materialId,
        storeId: m.storeId,
        change: m.change,
        countAfter,
        reason: m.reason,
        remark: m.remark ?? '',
        staffId: m.staffId ?? null,
        orderId: m.orderId ?? null,
        deliveryId: m.deliveryId ?? null,
        createdAt: m.createdAt,
      })
      .execute();
  }
  return countAfter;
}

/**
 * First stock of packs that have none yet (new packs of an import, the demo catalogue), in bulk:
 * each count with its movement (a count of 0 needs none).
 */
export async function openStock(
  db: Db,
  rows: ReadonlyArray<{ materialId: number; storeId: number; count: number }>,
  why: { reason: StockReason; remark: string; staffId: number | null; createdAt: number },
): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insertInto('materialStocks').values(part).execute();
  }
  const movements: Array<NewRow<'stockMovements'>> = rows
    .filter((r) => r.count !== 0)
    .map((r) => ({
      materialId: r.materialId,
      storeId: r.storeId,
      change: r.count,
      countAfter: r.count,
      reason: why.reason,
      remark: why.remark,
      staffId: why.staffId,
      orderId: null,
      deliveryId: null,
      createdAt: why.createdAt,
    }));
  for (const part of chunks(movements, 200)) {
    await db.insertInto('stockMovements').values(part).execute();
  }
}

/** Whether a warehouse still holds any unit of any pack. */
export async function storeHasStock(db: Db, storeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('materialStocks')
    .select('materialId')
    .where('storeId', '=', storeId)
    .where('count', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Forgets the empty stock rows of a warehouse that is being deleted. Only a warehouse without
 * stock may go (the caller checks storeHasStock in the same transaction), so no count is lost.
 */
export async function forgetEmptyStore(db: Db, storeId: number): Promise<void> {
  await db
    .deleteFrom('materialStocks')
    .where('storeId', '=', storeId)
    .where('count', '=', 0)
    .execute();
}

/**
 * Packs and warehouses whose count differs from the sum of their movements; empty when the
 * ledger holds. Tests check it after every file, and an operator can run it at any time.
 */
export async function stockLedgerMismatches(db: Db) {
  const moved = db
    .selectFrom('stockMovements')
    .select(['materialId', 'storeId', (eb) => eb.fn.sum<number>('change').as('moved')])
    .groupBy(['materialId', 'storeId'])
    .as('mv');
  const rows = await db
    .selectFrom('materialStocks as s')
    .fullJoin(moved, (j) =>
      j.onRef('mv.materialId', '=', 's.materialId').onRef('mv.storeId', '=', 's.storeId'),
    )
    .select([
      's.materialId',
      's.storeId',
      's.count',
      'mv.materialId as movedMaterialId',
      'mv.storeId as movedStoreId',
      'mv.moved',
    ])
    .execute();
  return rows
    .map((r) => ({
      materialId: r.materialId ?? r.movedMaterialId,
      storeId: r.storeId ?? r.movedStoreId,
      count: Number(r.count ?? 0),
      moved: Number(r.moved ?? 0),
    }))
    .filter((r) => r.count !== r.moved);
}

/**
 * Units of each pack that paid orders hold: ordered on a paid order still to ship (待发货,
 * 运输中) less what its packages have shipped. They are on hand but sold, so the storefront shows
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
          from delivery_goods dg where dg.order_goods_id = og.id), 0))`.as('held'),
      ])
      .where('o.status', 'in', [OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPING])
      .where('o.payStatus', '=', PayStatus.PAID)
      .where(column, 'in', part)
      .groupBy('og.materialId')
      .execute();
    for (const r of rows) if (Number(r.held) > 0) held.set(r.materialId, Number(r.held));
  }
  return held;
}

/**
 * Units each pack can still sell over every warehouse: on hand less what paid orders hold
 * (`heldByPaidOrders`), never below zero. Packs without stock rows are left out.
 */
export async function availableOf(
  db: Db,
  materialIds: readonly number[],
): Promise<Map<number, number>> {
  if (materialIds.length === 0) return new Map();
  const [rows, held] = await Promise.all([
    db
      .selectFrom('materialStocks')
      .select(['materialId', (eb) => eb.fn.sum<number>('count').as('n')])
      .where('materialId', 'in', [...new Set(materialIds)])
      .groupBy('materialId')
      .execute(),
    heldByPaidOrders(db, { materialIds }),
  ]);
  return new Map(
    rows.map((r) => [r.materialId, Math.max(0, Number(r.n) - (held.get(r.materialId) ?? 0))]),
  );
}

/** The current count of a pack in a warehouse (0 when it never had stock there). */
export async function findCount(db: Db, materialId: number, storeId: number): Promise<number> {
  const row = await db
    .selectFrom('materialStocks')
    .select('count')
    .where('materialId', '=', materialId)
    .where('storeId', '=', storeId)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export function listStores(db: Db) {
  return db.selectFrom('stores').select(['id', 'name']).orderBy('id').execute();
}

export function findStore(db: Db, id: number) {
  return db.selectFrom('stores').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function insertStore(db: Db, name: string) {
  return (await db.insertInto('stores').values({ name }).returning('id').executeTakeFirstOrThrow())
    .id;
}

export async function updateStore(db: Db, id: number, name: string) {
  await db.updateTable('stores').set({ name }).where('id', '=', id).execute();
}

export async function deleteStore(db: Db, id: number) {
  await db.deleteFrom('stores').where('id', '=', id).execute();
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
