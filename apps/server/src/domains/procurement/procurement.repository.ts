import { sql } from 'kysely';
import type { Paged } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { NewRow, Row } from '../../db/schema.ts';

/** A pack that a pasted code may name, on sale or not (the caller tells why it cannot be sold). */
export interface CandidatePack {
  productId: number;
  number: string;
  cas: string;
  name: string;
  productOnSale: number;
  materialId: number | null;
  pack: string | null;
  userPrice: number | null;
  materialOnSale: number | null;
}

/**
 * Products whose item number or CAS is one of `codes` (item numbers compared in upper case),
 * each with all its packs: one query for the whole paste.
 */
export async function findCandidates(
  db: Db,
  numbers: string[],
  cases: string[],
): Promise<CandidatePack[]> {
  if (numbers.length === 0 && cases.length === 0) return [];
  return db
    .selectFrom('products as p')
    .leftJoin('materials as m', 'm.productId', 'p.id')
    .select([
      'p.id as productId',
      'p.number',
      'p.cas',
      'p.name',
      'p.onSale as productOnSale',
      'm.id as materialId',
      'm.pack',
      'm.userPrice',
      'm.onSale as materialOnSale',
    ])
    .where((eb) => {
      const conds = [];
      if (numbers.length > 0) conds.push(eb(eb.fn('upper', ['p.number']), 'in', numbers));
      if (cases.length > 0) conds.push(eb('p.cas', 'in', cases));
      return eb.or(conds);
    })
    .orderBy('p.id')
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
}

/**
 * Packs on sale (of products on sale) whose product's item number or name holds `key`, or whose
 * CAS is `key`: what staff may put on a quote.
 */
export async function searchPacksOnSale(db: Db, key: string, limit: number) {
  const like = `%${key.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('products as p')
    .innerJoin('materials as m', 'm.productId', 'p.id')
    .select(['m.id as materialId', 'p.number', 'p.name', 'p.cas', 'm.pack', 'm.userPrice'])
    .where('p.onSale', '=', 1)
    .where('m.onSale', '=', 1)
    .where((eb) =>
      eb.or([
        eb(sql`lower(p.number)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(p.name)`, 'like', sql`${like} escape '\\'`),
        eb('p.cas', '=', key),
      ]),
    )
    .orderBy('p.number')
    .orderBy('m.sort')
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

/** The order's lines with whether their pack is still on sale now. */
export async function reorderLines(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('orderGoods as og')
    .innerJoin('orders as o', 'o.id', 'og.orderId')
    .leftJoin('materials as m', 'm.id', 'og.materialId')
    .leftJoin('products as p', 'p.id', 'm.productId')
    .select([
      'og.materialId',
      'og.name',
      'og.pack',
      'og.quantityPurchase',
      'm.onSale as materialOnSale',
      'p.onSale as productOnSale',
    ])
    .where('o.id', '=', orderId)
    .where('o.userId', '=', userId)
    .orderBy('og.id')
    .execute();
}

// ---- quotes ----------------------------------------------------------------------------------

/** Inserts the quote; answers undefined when its number is already taken (nothing inserted). */
export async function insertQuote(db: Db, quote: NewRow<'quotes'>): Promise<number | undefined> {
  const row = await db
    .insertInto('quotes')
    .values(quote)
    .onConflict((oc) => oc.column('number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertQuoteLines(db: Db, lines: NewRow<'quoteLines'>[]): Promise<void> {
  await db.insertInto('quoteLines').values(lines).execute();
}

/** The quote, limited to its member when `userId` is given. */
export async function findQuote(
  db: Db,
  id: number,
  userId?: number,
): Promise<Row<'quotes'> | undefined> {
  let q = db.selectFrom('quotes').selectAll().where('id', '=', id);
  if (userId !== undefined) q = q.where('userId', '=', userId);
  return q.executeTakeFirst();
}

export async function linesOfQuotes(db: Db, quoteIds: number[]): Promise<Row<'quoteLines'>[]> {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom('quoteLines')
    .selectAll()
    .where('quoteId', 'in', quoteIds)
    .orderBy('id')
    .execute();
}

export interface QuoteFilter {
  userId?: number | undefined;
  status?: string | undefined;
  number?: string | undefined;
}

export type QuoteListRow = Row<'quotes'> & { account: string | null; company: string | null };

export async function pageQuotes(
  db: Db,
  f: QuoteFilter,
  page: PageRequest,
): Promise<Paged<QuoteListRow>> {
  const base = db.selectFrom('quotes as q').where((eb) => {
    const conds = [];
    if (f.userId !== undefined) conds.push(eb('q.userId', '=', f.userId));
    if (f.status !== undefined) conds.push(eb('q.status', '=', f.status));
    if (f.number) conds.push(eb('q.number', '=', f.number));
    return eb.and(conds);
  });
  const [records, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'q.userId')
      .selectAll('q')
      .select(['u.account', 'u.company'])
      .orderBy('q.id', 'desc')
      .offset((page.page - 1) * page.size)
      .limit(page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records, current: page.page, size: page.size, total: Number(count.n) };
}

/** Sets a line's quoted price, only on a line of that quote. */
export async function priceQuoteLine(
  db: Db,
  quoteId: number,
  lineId: number,
  unitPrice: number,
): Promise<boolean> {
  const res = await db
    .updateTable('quoteLines')
    .set({ unitPrice })
    .where('id', '=', lineId)
    .where('quoteId', '=', quoteId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves the quote from one of `from` to the new values; answers whether it did. */
export async function transitionQuote(
  db: Db,
  id: number,
  from: string[],
  set: Partial<Omit<Row<'quotes'>, 'id'>>,
): Promise<boolean> {
  const res = await db
    .updateTable('quotes')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Takes a quoted, still valid, not yet ordered quote of the member for an order; answers whether
 * this call took it. One conditional statement: of two concurrent calls only one succeeds.
 */
export async function claimQuoteForOrder(
  db: Db,
  id: number,
  userId: number,
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('quotes')
    .set({ status: 'ordered', updatedAt: at })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('status', '=', 'quoted')
    .where('orderId', 'is', null)
    .where('validUntil', '>=', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setQuoteOrder(db: Db, id: number, orderId: number): Promise<void> {
  await db.updateTable('quotes').set({ orderId }).where('id', '=', id).execute();
}

export async function findInquiry(db: Db, id: number) {
  return db
    .selectFrom('bulkInquiries')
    .select(['id', 'userId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

// ---- order documents and fapiao ----------------------------------------------------------------

export async function findFapiaoFile(
  db: Db,
  orderId: number,
): Promise<Row<'orderFapiaoFiles'> | undefined> {
  return db
    .selectFrom('orderFapiaoFiles')
    .selectAll()
    .where('orderId', '=', orderId)
    .executeTakeFirst();
}

/** Keeps the order's fapiao file, replacing an earlier one; answers the replaced file's path. */
export async function putFapiaoFile(
  db: Db,
  row: NewRow<'orderFapiaoFiles'>,
): Promise<string | undefined> {
  const before = await findFapiaoFile(db, row.orderId);
  await db
    .insertInto('orderFapiaoFiles')
    .values(row)
    .onConflict((oc) =>
      oc.column('orderId').doUpdateSet({
        file: row.file,
        kind: row.kind,
        staffId: row.staffId,
        createdAt: row.createdAt,
      }),
    )
    .execute();
  return before?.file;
}

/** Records the member's request once; answers whether this call made it. */
export async function insertFapiaoRequest(db: Db, row: NewRow<'fapiaoRequests'>): Promise<boolean> {
  const res = await db
    .insertInto('fapiaoRequests')
    .values(row)
    .onConflict((oc) => oc.column('orderId').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findFapiaoRequest(
  db: Db,
  orderId: number,
): Promise<Row<'fapiaoRequests'> | undefined> {
  return db
    .selectFrom('fapiaoRequests')
    .selectAll()
    .where('orderId', '=', orderId)
    .executeTakeFirst();
}

export async function markFapiaoRequestHandled(db: Db, orderId: number, at: number) {
  await db
    .updateTable('fapiaoRequests')
    .set({ handledAt: at })
    .where('orderId', '=', orderId)
    .where('handledAt', 'is', null)
    .execute();
}

export async function pageFapiaoRequests(db: Db, pending: boolean, page: PageRequest) {
  const base = db
    .selectFrom('fapiaoRequests as r')
    .where((eb) => (pending ? eb('r.handledAt', 'is', null) : eb.and([])));
  const [records, count] = await Promise.all([
    base
      .innerJoin('orders as o', 'o.id', 'r.orderId')
      .selectAll('r')
      .select(['o.number'])
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.orderId', 'desc')
      .offset((page.page - 1) * page.size)
      .limit(page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records, current: page.page, size: page.size, total: Number(count.n) };
}

export async function memberInvoice(db: Db, userId: number) {
  return db.selectFrom('invoices').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export async function findQuoteWithMember(db: Db, id: number): Promise<QuoteListRow | undefined> {
  return db
    .selectFrom('quotes as q')
    .leftJoin('users as u', 'u.id', 'q.userId')
    .selectAll('q')
    .select(['u.account', 'u.company'])
    .where('q.id', '=', id)
    .executeTakeFirst();
}

export async function memberContact(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['account', 'name', 'company', 'phone', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * The goods lines of one package of the order, for its delivery note: one row per lot shipped
 * (docs/lots.md), the lots of one order line together. lotNumber and expire are null for
 * packages shipped before lots.
 */
export async function goodsOfPackage(db: Db, orderId: number, deliveryId: number) {
  return db
    .selectFrom('deliveryGoods as dg')
    .innerJoin('orderGoods as og', 'og.id', 'dg.orderGoodsId')
    .select([
      'og.id as orderGoodsId',
      'og.name',
      'og.number',
      'og.cas',
      'og.pack',
      'dg.quantityShipped',
      'dg.lotNumber',
      'dg.expire',
    ])
    .where('dg.deliveryId', '=', deliveryId)
    .where('og.orderId', '=', orderId)
    .orderBy('og.id')
    .orderBy('dg.id')
    .execute();
}

/** Any member's order, for staff. */
export async function findAnyOrder(db: Db, id: number): Promise<Row<'orders'> | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}
