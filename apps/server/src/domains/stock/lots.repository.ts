import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StockDocumentKind } from '../../db/schema.ts';
import { chunks } from '../../db/chunks.ts';
import { contains } from '../../db/like.ts';

/*
 * Reads of lots and stock documents (docs/lots.md). Their writes belong to stock.repository.ts,
 * the one writer of stock; these only show what it wrote.
 */

/** Dated lots first, earliest first, undated last: one ORDER BY for both dialects. */
const fefoOrder = sql`case when l.expire is null then 1 else 0 end, l.expire, l.lot_number`;

/** Lots holding units of the given packs (in one warehouse, or all), first to expire first. */
export async function lotsOfPacks(
  db: Db,
  materialIds: readonly number[],
  storeId?: number,
): Promise<
  Array<{
    materialId: number;
    storeId: number;
    lotNumber: string;
    expire: string | null;
    quantity: number;
  }>
> {
  const found = [];
  for (const part of chunks([...new Set(materialIds)])) {
    let q = db
      .selectFrom('stockLots as l')
      .select(['l.materialId', 'l.storeId', 'l.lotNumber', 'l.expire', 'l.quantity'])
      .where('l.materialId', 'in', part)
      .where('l.quantity', '>', 0);
    if (storeId !== undefined) q = q.where('l.storeId', '=', storeId);
    const rows = await q.orderBy(fefoOrder).execute();
    found.push(...rows.map((r) => ({ ...r, quantity: Number(r.quantity) })));
  }
  return found;
}

/** Units of expired lots of the given packs over all warehouses, by pack id. */
export async function expiredUnits(
  db: Db,
  materialIds: readonly number[],
  today: string,
): Promise<Map<number, number>> {
  const units = new Map<number, number>();
  for (const part of chunks([...new Set(materialIds)])) {
    const rows = await db
      .selectFrom('stockLots')
      .select(['materialId', (eb) => eb.fn.sum<number>('quantity').as('n')])
      .where('materialId', 'in', part)
      .where('quantity', '>', 0)
      .where('expire', '<', today)
      .groupBy('materialId')
      .execute();
    for (const r of rows) units.set(r.materialId, Number(r.n));
  }
  return units;
}

export interface LotFilter {
  key?: string | undefined;
  storeId?: number | undefined;
  /** Lots whose expiry lies in [from, to] (either end open). */
  expireFrom?: string | undefined;
  expireTo?: string | undefined;
  /** Every lot ever received, the empty ones too. */
  all?: boolean | undefined;
}

/** One page of lots with their pack, product and warehouse, first to expire first. */
export async function pageLots(db: Db, f: LotFilter, page: number, size: number) {
  let base = db
    .selectFrom('stockLots as l')
    .innerJoin('materials as m', 'm.id', 'l.materialId')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .innerJoin('stores as st', 'st.id', 'l.storeId');
  if (!f.all) base = base.where('l.quantity', '>', 0);
  if (f.storeId !== undefined) base = base.where('l.storeId', '=', f.storeId);
  if (f.expireFrom !== undefined) base = base.where('l.expire', '>=', f.expireFrom);
  if (f.expireTo !== undefined) base = base.where('l.expire', '<=', f.expireTo);
  if (f.key) {
    const key = f.key;
    base = base.where((eb) =>
      eb.or([
        contains(sql.ref('p.number'), key),
        contains(sql.ref('p.name'), key),
        contains(sql.ref('l.lotNumber'), key),
      ]),
    );
  }
  const [records, count] = await Promise.all([
    base
      .select([
        'l.materialId',
        'm.productId',
        'p.number',
        'p.name',
        'm.pack',
        'l.storeId',
        'st.name as storeName',
        'l.lotNumber',
        'l.expire',
        'l.quantity',
        sql<number>`(case when exists (select 1 from coa_records c
          where c.product_number = p.number and c.lot_number = l.lot_number) then 1 else 0 end)`.as(
          'hasCoa',
        ),
      ])
      .orderBy(fefoOrder)
      .orderBy('p.number')
      .orderBy('l.storeId')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: records.map((r) => ({
      ...r,
      quantity: Number(r.quantity),
      hasCoa: Number(r.hasCoa) === 1,
    })),
    total: Number(count.total),
  };
}

/** A lot of a pack wherever it lies, with the pack and product. */
export async function findLot(db: Db, materialId: number, lotNumber: string) {
  return db
    .selectFrom('stockLots as l')
    .innerJoin('materials as m', 'm.id', 'l.materialId')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .innerJoin('stores as st', 'st.id', 'l.storeId')
    .select([
      'l.materialId',
      'm.productId',
      'p.number',
      'p.name',
      'm.pack',
      'l.storeId',
      'st.name as storeName',
      'l.lotNumber',
      'l.expire',
      'l.quantity',
    ])
    .where('l.materialId', '=', materialId)
    .where('l.lotNumber', '=', lotNumber)
    .orderBy('l.storeId')
    .execute();
}

/** Who received a lot: its `received` movements with their receipt's supplier. */
export function receiptsOfLot(db: Db, materialId: number, lotNumber: string) {
  return db
    .selectFrom('stockMovements as sm')
    .innerJoin('stores as st', 'st.id', 'sm.storeId')
    .leftJoin('stockDocuments as d', 'd.id', 'sm.documentId')
    .leftJoin('staff as s', 's.id', 'sm.staffId')
    .select([
      'sm.documentId',
      'st.name as storeName',
      'd.supplier',
      'sm.change',
      's.name as staffName',
      'sm.createdAt',
    ])
    .where('sm.materialId', '=', materialId)
    .where('sm.lotNumber', '=', lotNumber)
    .where('sm.reason', '=', 'received')
    .orderBy('sm.createdAt')
    .orderBy('sm.id')
    .execute();
}

/**
 * The recall list: every package line that shipped units of the lot, oldest first, with whom to
 * call (the invoice title, else the member's company; the consignee and phone). A cancelled
 * package (撤销发货) is left out: its units came back to the lot.
 */
export function shipmentsOfLot(db: Db, materialId: number, lotNumber: string) {
  return db
    .selectFrom('deliveryGoods as dg')
    .innerJoin('orderGoods as og', 'og.id', 'dg.orderGoodsId')
    .innerJoin('deliveries as d', 'd.id', 'dg.deliveryId')
    .innerJoin('orders as o', 'o.id', 'd.orderId')
    .innerJoin('users as u', 'u.id', 'o.userId')
    .select([
      'o.id as orderId',
      'o.number as orderNumber',
      'd.id as deliveryId',
      sql<string>`coalesce(nullif(o.invoice_company_name, ''), u.company)`.as('company'),
      'o.deliveryUsername as consignee',
      'o.deliveryPhone as phone',
      'o.deliveryAddress as address',
      'dg.quantityShipped as quantity',
      'd.createdAt',
    ])
    .where('og.materialId', '=', materialId)
    .where('dg.lotNumber', '=', lotNumber)
    .where('d.cancelledAt', 'is', null)
    .orderBy('d.createdAt')
    .orderBy('dg.id')
    .execute();
}

/** Certificates on file for an item number and lot. */
export function coaOfLot(db: Db, productNumber: string, lotNumber: string) {
  return db
    .selectFrom('coaRecords')
    .select(['id', 'name', 'expire', 'file'])
    .where('productNumber', '=', productNumber)
    .where('lotNumber', '=', lotNumber)
    .orderBy('id')
    .execute();
}

/**
 * Per warehouse, lots with units that have expired (expire < today) and that expire within the
 * two windows (today ≤ expire ≤ the window's last day).
 */
export async function expiringByStore(db: Db, today: string, by30: string, by90: string) {
  const rows = await db
    .selectFrom('stores as st')
    .leftJoin('stockLots as l', (j) => j.onRef('l.storeId', '=', 'st.id').on('l.quantity', '>', 0))
    .select([
      'st.id as storeId',
      'st.name as storeName',
      sql<number>`coalesce(sum(case when l.expire < ${today} then 1 else 0 end), 0)`.as('expired'),
      sql<number>`coalesce(sum(case when l.expire >= ${today} and l.expire <= ${by30}
        then 1 else 0 end), 0)`.as('within30'),
      sql<number>`coalesce(sum(case when l.expire >= ${today} and l.expire <= ${by90}
        then 1 else 0 end), 0)`.as('within90'),
    ])
    .groupBy(['st.id', 'st.name'])
    .orderBy('st.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    expired: Number(r.expired),
    within30: Number(r.within30),
    within90: Number(r.within90),
  }));
}

export interface DocumentFilter {
  kind?: StockDocumentKind | undefined;
  storeId?: number | undefined;
}

const documentColumns = [
  'd.id',
  'd.kind',
  'd.storeId',
  'st.name as storeName',
  'd.toStoreId',
  'to.name as toStoreName',
  'd.supplier',
  'd.remark',
  's.name as staffName',
  'd.staffId',
  'd.createdAt',
] as const;

function documents(db: Db) {
  return db
    .selectFrom('stockDocuments as d')
    .innerJoin('stores as st', 'st.id', 'd.storeId')
    .leftJoin('stores as to', 'to.id', 'd.toStoreId')
    .leftJoin('staff as s', 's.id', 'd.staffId');
}

/** Receipts, transfers and stocktakes, newest first, with their line and unit counts. */
export async function pageDocuments(db: Db, f: DocumentFilter, page: number, size: number) {
  let base = documents(db);
  if (f.kind !== undefined) base = base.where('d.kind', '=', f.kind);
  if (f.storeId !== undefined) {
    const storeId = f.storeId;
    base = base.where((eb) =>
      eb.or([eb('d.storeId', '=', storeId), eb('d.toStoreId', '=', storeId)]),
    );
  }
  const [records, count] = await Promise.all([
    base
      .select([
        ...documentColumns,
        sql<number>`(select count(*) from stock_movements x where x.document_id = d.id)`.as(
          'lineCount',
        ),
        sql<number>`(select coalesce(sum(abs(x.change)), 0) from stock_movements x
          where x.document_id = d.id and x.store_id = d.store_id)`.as('units'),
      ])
      .orderBy('d.createdAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: records.map((r) => ({ ...r, lineCount: Number(r.lineCount), units: Number(r.units) })),
    total: Number(count.total),
  };
}

export function findDocument(db: Db, id: number) {
  return documents(db).select(documentColumns).where('d.id', '=', id).executeTakeFirst();
}

/** The lines of a document: the movements it wrote, with each lot's expiry. */
export function linesOfDocument(db: Db, id: number) {
  return db
    .selectFrom('stockMovements as sm')
    .innerJoin('materials as m', 'm.id', 'sm.materialId')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .innerJoin('stores as st', 'st.id', 'sm.storeId')
    .select([
      'sm.materialId',
      'p.number',
      'p.name',
      'p.cas',
      'm.pack',
      'st.name as storeName',
      'sm.lotNumber',
      sql<string | null>`(select max(l.expire) from stock_lots l
        where l.material_id = sm.material_id and l.lot_number = sm.lot_number)`.as('expire'),
      'sm.change',
    ])
    .where('sm.documentId', '=', id)
    .orderBy('sm.id')
    .execute();
}
