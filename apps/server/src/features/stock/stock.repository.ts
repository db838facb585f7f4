import { sql } from 'kysely';
import { LOW_STOCK_BELOW } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { StockReason } from '../../db/schema.ts';

export interface StockMovementInput {
  materialId: number;
  storeId: number;
  /** Signed change of the count: positive received, negative shipped or damaged. */
  change: number;
  reason: StockReason;
  remark?: string;
  staffId?: number | null;
  orderId?: number | null;
  createdAt: number;
}

/**
 * Changes a pack's stock in one warehouse and records the change as a movement row, in the
 * caller's transaction. The count never goes below zero: a change that would take it there
 * changes nothing and answers undefined; otherwise it answers the new count. Shipments call this
 * with reason 'shipment' and the order id, staff adjustments with received / counted / damaged.
 */
export async function recordStockMovement(
  db: Db,
  m: StockMovementInput,
): Promise<number | undefined> {
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
        createdAt: m.createdAt,
      })
      .execute();
  }
  return countAfter;
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

export function findStore(db: Db, id: number) {
  return db.selectFrom('stores').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
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
    const like = `%${f.key.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(p.number)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(p.name)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  if (f.state === 'in') base = base.where('s.count', '>', 0);
  if (f.state === 'out') {
    base = base.where((eb) => eb.or([eb('s.count', 'is', null), eb('s.count', '<=', 0)]));
  }
  if (f.state === 'low') base = base.where(packTotalStock, '<', LOW_STOCK_BELOW);
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
