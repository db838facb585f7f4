import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewRow, StockReason } from '../../db/schema.ts';
import { chunks } from '../../db/chunks.ts';
import { UNBATCHED_LOT } from '@labshop/shared/schemas';
import { allocate, fefo, undatedFirst, type LotStock } from '@labshop/shared';

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
  /**
   * The lot the units go into or come out of (docs/lots.md). Without it an increase goes into
   * 未分批 and a decrease takes from 未分批 first, then from the lots that expire last.
   */
  lot?: { lotNumber: string; expire: string | null } | undefined;
  remark?: string;
  staffId?: number | null;
  orderId?: number | null;
  /** The package a shipment takes the stock for. */
  deliveryId?: number | null;
  /** The receipt, transfer or stocktake the movement belongs to. */
  documentId?: number | null;
  createdAt: number;
}

/**
 * Changes a pack's stock in one warehouse and records the change as movement rows, in the
 * caller's transaction: the lot's quantity, the pack's count and one movement per lot touched.
 * Nothing goes below zero: a change that would take a lot or the count there changes nothing
 * and answers undefined; otherwise it answers the new count. Shipments name their lot (the
 * shipping service picks them FEFO), staff adjustments and product saves may not.
 */
export async function moveStock(db: Db, m: StockMovementInput): Promise<number | undefined> {
  if (m.change === 0) return findCount(db, m.materialId, m.storeId);
  if (m.change > 0 || m.lot) {
    return moveLot(db, m, m.lot ?? { lotNumber: UNBATCHED_LOT, expire: null }, m.change);
  }
  const taken = allocate(await lotsIn(db, m.materialId, m.storeId), -m.change, undatedFirst);
  if (!taken) return undefined;
  let countAfter: number | undefined;
  for (const t of taken) {
    countAfter = await moveLot(db, m, t, -t.quantity);
    if (countAfter === undefined) return undefined;
  }
  return countAfter;
}

/** One lot's change with its count and movement; undefined when the lot holds too little. */
async function moveLot(
  db: Db,
  m: StockMovementInput,
  lot: { lotNumber: string; expire: string | null },
  change: number,
): Promise<number | undefined> {
  if (change > 0) {
    await db
      .insertInto('stockLots')
      .values({
        materialId: m.materialId,
        storeId: m.storeId,
        lotNumber: lot.lotNumber,
        expire: lot.expire,
        quantity: change,
        createdAt: m.createdAt,
      })
      .onConflict((oc) =>
        oc.columns(['materialId', 'storeId', 'lotNumber']).doUpdateSet((eb) => ({
          quantity: eb('stockLots.quantity', '+', change),
        })),
      )
      .execute();
  } else {
    const row = await db
      .updateTable('stockLots')
      .set({ quantity: sql<number>`quantity + ${change}` })
      .where('materialId', '=', m.materialId)
      .where('storeId', '=', m.storeId)
      .where('lotNumber', '=', lot.lotNumber)
      .where('quantity', '>=', -change)
      .returning('quantity')
      .executeTakeFirst();
    if (!row) return undefined;
  }
  const countAfter = await changeCount(db, m.materialId, m.storeId, change);
  if (countAfter === undefined) return undefined;
  await db
    .insertInto('stockMovements')
    .values({
      materialId: m.materialId,
      storeId: m.storeId,
      change,
      countAfter,
      reason: m.reason,
      remark: m.remark ?? '',
      staffId: m.staffId ?? null,
      orderId: m.orderId ?? null,
      deliveryId: m.deliveryId ?? null,
      lotNumber: lot.lotNumber,
      documentId: m.documentId ?? null,
      createdAt: m.createdAt,
    })
    .execute();
  return countAfter;
}

async function changeCount(
  db: Db,
  materialId: number,
  storeId: number,
  change: number,
): Promise<number | undefined> {
  if (change >= 0) {
    const row = await db
      .insertInto('materialStocks')
      .values({ materialId, storeId, count: change })
      .onConflict((oc) =>
        oc.columns(['materialId', 'storeId']).doUpdateSet((eb) => ({
          count: eb('materialStocks.count', '+', change),
        })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  const row = await db
    .updateTable('materialStocks')
    .set({ count: sql<number>`count + ${change}` })
    .where('materialId', '=', materialId)
    .where('storeId', '=', storeId)
    .where('count', '>=', -change)
    .returning('count')
    .executeTakeFirst();
  return row ? Number(row.count) : undefined;
}

/** The lots of a pack in one warehouse that hold units, first to expire first. */
export async function lotsIn(db: Db, materialId: number, storeId: number): Promise<LotStock[]> {
  const rows = await db
    .selectFrom('stockLots')
    .select(['lotNumber', 'expire', 'quantity'])
    .where('materialId', '=', materialId)
    .where('storeId', '=', storeId)
    .where('quantity', '>', 0)
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })).sort(fefo);
}

/**
 * The expiry a lot number of a pack already has in any warehouse (a lot is one lot wherever it
 * lies), or undefined for a lot never received.
 */
export async function knownLotExpire(
  db: Db,
  materialId: number,
  lotNumber: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('stockLots')
    .select('expire')
    .where('materialId', '=', materialId)
    .where('lotNumber', '=', lotNumber)
    .executeTakeFirst();
  return row === undefined ? undefined : row.expire;
}

/**
 * First stock of packs that have none yet (new packs of an import, the demo catalogue), in bulk:
 * each count with its lot (未分批 unless named) and its movement (a count of 0 needs none).
 */
export async function openStock(
  db: Db,
  rows: ReadonlyArray<{
    materialId: number;
    storeId: number;
    count: number;
    lots?: ReadonlyArray<{ lotNumber: string; expire: string | null; quantity: number }>;
  }>,
  why: { reason: StockReason; remark: string; staffId: number | null; createdAt: number },
): Promise<void> {
  for (const part of chunks(
    rows.map(({ materialId, storeId, count }) => ({ materialId, storeId, count })),
  )) {
    await db.insertInto('materialStocks').values(part).execute();
  }
  const lots = rows.flatMap((r) => {
    const named = r.lots ?? [];
    const rest = r.count - named.reduce((n, l) => n + l.quantity, 0);
    if (rest < 0) throw new Error(`lots exceed the count of pack ${r.materialId}`);
    const all =
      rest > 0 ? [...named, { lotNumber: UNBATCHED_LOT, expire: null, quantity: rest }] : named;
    return all.map((l) => ({ materialId: r.materialId, storeId: r.storeId, ...l }));
  });
  for (const part of chunks(lots.map((l) => ({ ...l, createdAt: why.createdAt })))) {
    await db.insertInto('stockLots').values(part).execute();
  }
  const countAfter = new Map<string, number>();
  const movements: Array<NewRow<'stockMovements'>> = lots.map((l) => {
    const key = `${l.materialId}:${l.storeId}`;
    const after = (countAfter.get(key) ?? 0) + l.quantity;
    countAfter.set(key, after);
    return {
      materialId: l.materialId,
      storeId: l.storeId,
      change: l.quantity,
      countAfter: after,
      reason: why.reason,
      remark: why.remark,
      staffId: why.staffId,
      orderId: null,
      deliveryId: null,
      lotNumber: l.lotNumber,
      documentId: null,
      createdAt: why.createdAt,
    };
  });
  for (const part of chunks(movements, 200)) {
    await db.insertInto('stockMovements').values(part).execute();
  }
}

/** A receipt, transfer or stocktake header; its lines are the movements that name it. */
export async function insertStockDocument(db: Db, row: NewRow<'stockDocuments'>): Promise<number> {
  const inserted = await db
    .insertInto('stockDocuments')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
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
  await db
    .deleteFrom('stockLots')
    .where('storeId', '=', storeId)
    .where('quantity', '=', 0)
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
 * Where lots disagree with the ledger (docs/lots.md): a lot whose movements do not sum to its
 * quantity, or a pack and warehouse whose lots do not sum to its count. Empty when they agree;
 * tests check it after every file, like stockLedgerMismatches.
 */
export async function lotLedgerMismatches(db: Db) {
  const [lots, moved, counts] = await Promise.all([
    db.selectFrom('stockLots').select(['materialId', 'storeId', 'lotNumber', 'quantity']).execute(),
    db
      .selectFrom('stockMovements')
      .select(['materialId', 'storeId', 'lotNumber', (eb) => eb.fn.sum<number>('change').as('n')])
      .groupBy(['materialId', 'storeId', 'lotNumber'])
      .execute(),
    db.selectFrom('materialStocks').select(['materialId', 'storeId', 'count']).execute(),
  ]);
  const found: Array<{
    materialId: number;
    storeId: number;
    lotNumber: string | null;
    book: number;
    sum: number;
  }> = [];
  const byLot = new Map<string, number>();
  const byPack = new Map<string, number>();
  for (const l of lots) {
    byLot.set(`${l.materialId}:${l.storeId}:${l.lotNumber}`, Number(l.quantity));
    const pack = `${l.materialId}:${l.storeId}`;
    byPack.set(pack, (byPack.get(pack) ?? 0) + Number(l.quantity));
  }
  for (const m of moved) {
    const key = `${m.materialId}:${m.storeId}:${m.lotNumber}`;
    const book = byLot.get(key) ?? 0;
    byLot.delete(key);
    if (book !== Number(m.n)) found.push({ ...m, book, sum: Number(m.n) });
  }
  for (const [key, book] of byLot) {
    const [materialId, storeId, ...lot] = key.split(':');
    if (book !== 0) {
      found.push({
        materialId: Number(materialId),
        storeId: Number(storeId),
        lotNumber: lot.join(':'),
        book,
        sum: 0,
      });
    }
  }
  for (const c of counts) {
    const sum = byPack.get(`${c.materialId}:${c.storeId}`) ?? 0;
    if (sum !== Number(c.count)) {
      found.push({
        materialId: c.materialId,
        storeId: c.storeId,
        lotNumber: null,
        book: Number(c.count),
        sum,
      });
    }
  }
  return found;
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
