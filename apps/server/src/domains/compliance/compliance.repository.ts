import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';

export type QualificationRow = Row<'qualifications'>;
export type SubstanceRow = Row<'qualificationSubstances'>;

/**
 * Whose documents: a member's own (orgId null) or an organization's, whoever of its members
 * uploaded them (docs/organizations.md, "The organization's documents").
 */
export interface DocumentOwner {
  userId: number;
  orgId: number | null;
}

type QualificationQuery = ReturnType<typeof selectQualifications>;

function selectQualifications(db: Db) {
  return db.selectFrom('qualifications').selectAll();
}

function ownedBy(q: QualificationQuery, owner: DocumentOwner): QualificationQuery {
  return owner.orgId === null
    ? q.where('userId', '=', owner.userId).where('orgId', 'is', null)
    : q.where('orgId', '=', owner.orgId);
}

export async function insertQualification(db: Db, row: NewRow<'qualifications'>): Promise<number> {
  const r = await db
    .insertInto('qualifications')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function insertSubstances(
  db: Db,
  rows: NewRow<'qualificationSubstances'>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('qualificationSubstances').values(rows).execute();
}

export function qualificationsOf(db: Db, owner: DocumentOwner) {
  return ownedBy(selectQualifications(db), owner).orderBy('id', 'desc').execute();
}

/** A document by id; with an owner, only when it is that owner's. */
export function findQualification(db: Db, id: number, owner?: DocumentOwner) {
  const q = selectQualifications(db).where('id', '=', id);
  return (owner ? ownedBy(q, owner) : q).executeTakeFirst();
}

export async function substancesOf(db: Db, ids: readonly number[]): Promise<SubstanceRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('qualificationSubstances')
    .selectAll()
    .where('qualificationId', 'in', ids)
    .orderBy('id')
    .execute();
}

export interface QualificationFilter {
  /** Stored status; 'expired' is asked as approved/pending with validUntil before today. */
  status?: 'pending' | 'approved' | 'rejected' | 'expired';
  today: string;
  /** Approved documents whose last day is on or before this date (and not past). */
  expiringBy?: string;
  userId?: number;
}

export async function pageQualifications(
  db: Db,
  f: QualificationFilter,
  page: { page: number; size: number },
) {
  let base = db.selectFrom('qualifications as q').leftJoin('users as u', 'u.id', 'q.userId');
  if (f.status === 'expired') {
    base = base.where('q.status', '!=', 'rejected').where('q.validUntil', '<', f.today);
  } else if (f.status === 'rejected') {
    base = base.where('q.status', '=', 'rejected');
  } else if (f.status) {
    base = base.where('q.status', '=', f.status).where('q.validUntil', '>=', f.today);
  }
  if (f.expiringBy !== undefined) {
    base = base
      .where('q.status', '=', 'approved')
      .where('q.validUntil', '>=', f.today)
      .where('q.validUntil', '<=', f.expiringBy);
  }
  if (f.userId !== undefined) base = base.where('q.userId', '=', f.userId);
  const [records, count] = await Promise.all([
    base
      .leftJoin('staff as s', 's.id', 'q.reviewedBy')
      .leftJoin('organizations as o', 'o.id', 'q.orgId')
      .selectAll('q')
      .select(['u.account', 'u.company', 's.name as reviewerName', 'o.name as orgName'])
      // Pending documents oldest first (the queue); others newest first.
      .orderBy('q.id', f.status === 'pending' ? 'asc' : 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

/**
 * The document with its member's (the uploader's) account and company, its organization's name
 * for an organization's document, and its reviewer's name.
 */
export function findQualificationForStaff(db: Db, id: number) {
  return db
    .selectFrom('qualifications as q')
    .leftJoin('users as u', 'u.id', 'q.userId')
    .leftJoin('staff as s', 's.id', 'q.reviewedBy')
    .leftJoin('organizations as o', 'o.id', 'q.orgId')
    .selectAll('q')
    .select(['u.account', 'u.company', 's.name as reviewerName', 'o.name as orgName'])
    .where('q.id', '=', id)
    .executeTakeFirst();
}

/** Sets the review outcome when the document is still in one of the `from` states. */
export async function reviewQualification(
  db: Db,
  id: number,
  from: string[],
  set: { status: string; reason: string; reviewedBy: number; reviewedAt: number },
): Promise<boolean> {
  const r = await db
    .updateTable('qualifications')
    .set({ ...set, updatedAt: set.reviewedAt })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The owner's documents that may allow an order: approved, not yet past their last day. */
export function usableQualifications(db: Db, owner: DocumentOwner, today: string) {
  return ownedBy(selectQualifications(db), owner)
    .where('status', '=', 'approved')
    .where('validUntil', '>=', today)
    .execute();
}

/**
 * Takes an amount off a substance only when that much is left: the one statement that guards
 * against concurrent orders overdrawing a document (the row lock makes the second wait and see
 * the first one's result). Answers what is left, or undefined when too little was.
 */
export async function takeSubstance(
  db: Db,
  id: number,
  amount: number,
): Promise<number | undefined> {
  const r = await db
    .updateTable('qualificationSubstances')
    .set({ remaining: sql`remaining - ${amount}` })
    .where('id', '=', id)
    .where('remaining', '>=', amount)
    .returning('remaining')
    .executeTakeFirst();
  return r === undefined ? undefined : Number(r.remaining);
}

export async function giveBackSubstance(db: Db, id: number, amount: number): Promise<number> {
  const r = await db
    .updateTable('qualificationSubstances')
    .set({ remaining: sql`remaining + ${amount}` })
    .where('id', '=', id)
    .returning('remaining')
    .executeTakeFirstOrThrow();
  return Number(r.remaining);
}

export async function insertMovement(db: Db, row: NewRow<'qualificationMovements'>): Promise<void> {
  await db.insertInto('qualificationMovements').values(row).execute();
}

export function movementsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('qualificationMovements')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

export function movementsOfQualification(db: Db, qualificationId: number) {
  return db
    .selectFrom('qualificationMovements as m')
    .leftJoin('orders as o', 'o.id', 'm.orderId')
    .innerJoin('qualificationSubstances as s', 's.id', 'm.substanceId')
    .select([
      'm.id',
      'm.substanceId',
      's.cas',
      's.unit',
      'm.orderId',
      'o.number as orderNumber',
      'm.change',
      'm.remainingAfter',
      'm.reason',
      'm.createdAt',
    ])
    .where('m.qualificationId', '=', qualificationId)
    .orderBy('m.id')
    .execute();
}

export async function insertOrderQualifications(
  db: Db,
  rows: NewRow<'orderQualifications'>[],
): Promise<void> {
  if (rows.length > 0) {
    await db
      .insertInto('orderQualifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['orderGoodsId', 'qualificationId']).doNothing())
      .execute();
  }
}

/** The documents behind an order's lines, with what the ledger records of them. */
export function documentsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orderQualifications as oq')
    .innerJoin('qualifications as q', 'q.id', 'oq.qualificationId')
    .select(['oq.orderGoodsId', 'q.id', 'q.kind', 'q.number', 'q.file'])
    .where('oq.orderId', '=', orderId)
    .execute();
}

/** Packs with their product's class, CAS and stored net amount. */
export async function regulatedPacks(db: Db, materialIds: readonly number[]) {
  if (materialIds.length === 0) return [];
  return db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .select([
      'm.id as materialId',
      'm.pack',
      'm.netAmount',
      'm.netDimension',
      'p.id as productId',
      'p.name',
      'p.cas',
      'p.regulationCategory',
      'p.regulationCategories',
    ])
    .where('m.id', 'in', materialIds)
    .execute();
}

/** Order lines with their product's current class (for the ledger at shipping). */
export function regulatedGoodsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orderGoods as g')
    .innerJoin('products as p', 'p.id', 'g.productId')
    .leftJoin('materials as m', 'm.id', 'g.materialId')
    .select([
      'g.id',
      'g.productId',
      'g.name',
      'g.cas',
      'g.pack',
      'g.purpose',
      'p.regulationCategory',
      'p.regulationCategories',
      'm.netAmount',
      'm.netDimension',
    ])
    .where('g.orderId', '=', orderId)
    .where('p.regulationCategory', 'is not', null)
    .execute();
}

export async function insertLedgerRows(db: Db, rows: NewRow<'salesLedger'>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('salesLedger').values(rows).execute();
}

/** The ledger rows a package's shipment wrote (positive counts; a reversal's are negative). */
export function shipmentRowsOfDelivery(db: Db, deliveryId: number) {
  return db
    .selectFrom('salesLedger')
    .selectAll()
    .where('deliveryId', '=', deliveryId)
    .where('count', '>', 0)
    .orderBy('id')
    .execute();
}

export function ledgerRows(db: Db, from: number | undefined, to: number | undefined) {
  let q = db.selectFrom('salesLedger').selectAll();
  if (from !== undefined) q = q.where('shippedAt', '>=', from);
  if (to !== undefined) q = q.where('shippedAt', '<', to);
  return q.orderBy('shippedAt').orderBy('id').limit(50_000).execute();
}

export function userCompany(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['company'])
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((r) => r?.company ?? '');
}

/** The owner's newest approved business licence still valid: its number is the 统一社会信用代码. */
export function currentLicence(db: Db, owner: DocumentOwner, today: string) {
  return ownedBy(selectQualifications(db), owner)
    .where('kind', '=', 'business-licence')
    .where('status', '=', 'approved')
    .where('validUntil', '>=', today)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The registered address of the member's invoice details (账户资料 > 发票信息). */
export function invoiceRegisteredAddress(db: Db, userId: number) {
  return db
    .selectFrom('invoices')
    .select(['registerAddress'])
    .where('userId', '=', userId)
    .executeTakeFirst()
    .then((r) => r?.registerAddress ?? '');
}

const EXPLOSIVE = 'explosive-precursor';

/**
 * Shipped 易制爆 lines (the class itself or among the product's classes) not yet reported: the
 * shipment's own rows, leaving out a package cancelled since (its reversal row names the same
 * package and line), oldest first. With ids, only those rows, reported or not.
 */
export function explosiveLines(db: Db, opts: { ids?: readonly number[] } = {}) {
  let q = db
    .selectFrom('salesLedger as l')
    .leftJoin('explosiveReports as r', 'r.ledgerId', 'l.id')
    .selectAll('l')
    .select(['r.reportedAt'])
    .where((eb) =>
      eb.or([eb('l.category', '=', EXPLOSIVE), eb('l.categories', 'like', `%${EXPLOSIVE}%`)]),
    )
    .where('l.count', '>', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('salesLedger as x')
            .select('x.id')
            .whereRef('x.deliveryId', '=', 'l.deliveryId')
            .whereRef('x.orderGoodsId', '=', 'l.orderGoodsId')
            .where('x.count', '<', 0),
        ),
      ),
    );
  if (opts.ids) q = q.where('l.id', 'in', opts.ids);
  else q = q.where('r.ledgerId', 'is', null);
  return q.orderBy('l.shippedAt').orderBy('l.id').limit(10_000).execute();
}

/** Marks ledger rows reported; answers how many were new (a row already marked is skipped). */
export async function insertExplosiveReports(
  db: Db,
  ids: readonly number[],
  at: number,
  staffId: number,
): Promise<number> {
  const r = await db
    .insertInto('explosiveReports')
    .values(ids.map((ledgerId) => ({ ledgerId, reportedAt: at, staffId })))
    .onConflict((oc) => oc.column('ledgerId').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/** Documents waiting for review (the dashboard's figure). */
export function pendingQualificationCount(db: Db, today: string) {
  return db
    .selectFrom('qualifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .where('validUntil', '>=', today)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}
