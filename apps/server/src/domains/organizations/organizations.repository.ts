import { OrderStatus, type Paged } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { NewRow, Row, RowUpdate } from '../../db/schema.ts';

export type OrgRole = 'buyer' | 'approver' | 'safety' | 'admin';

export async function findOrg(db: Db, orgId: number): Promise<Row<'organizations'> | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirst();
}

/** The member's role in the organization, or null for a non-member (routes answer 404). */
export async function memberRole(db: Db, orgId: number, userId: number): Promise<OrgRole | null> {
  const row = await db
    .selectFrom('orgMembers')
    .select('role')
    .where('orgId', '=', orgId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? (row.role as OrgRole) : null;
}

export async function insertOrg(db: Db, org: NewRow<'organizations'>): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values(org)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrg(db: Db, orgId: number, set: RowUpdate<'organizations'>) {
  await db.updateTable('organizations').set(set).where('id', '=', orgId).execute();
}

/** The member's organizations with their role, oldest first. */
export async function memberOrgs(db: Db, userId: number) {
  return db
    .selectFrom('orgMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.orgId')
    .select(['o.id', 'o.name', 'o.uscc', 'o.verified', 'm.role'])
    .where('m.userId', '=', userId)
    .orderBy('o.id')
    .execute();
}

export async function orgMembers(db: Db, orgId: number) {
  return db
    .selectFrom('orgMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.account', 'u.name', 'm.role'])
    .where('m.orgId', '=', orgId)
    .orderBy('m.createdAt')
    .orderBy('m.userId')
    .execute();
}

/** The registered member whose phone or email (or account) is `account`. */
export async function findUserByAccount(db: Db, account: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where((eb) =>
      eb.or([eb('account', '=', account), eb('phone', '=', account), eb('email', '=', account)]),
    )
    .executeTakeFirst();
}

export async function insertMember(db: Db, member: NewRow<'orgMembers'>): Promise<void> {
  await db.insertInto('orgMembers').values(member).execute();
}

export async function updateMemberRole(db: Db, orgId: number, userId: number, role: OrgRole) {
  await db
    .updateTable('orgMembers')
    .set({ role })
    .where('orgId', '=', orgId)
    .where('userId', '=', userId)
    .execute();
}

export async function deleteMember(db: Db, orgId: number, userId: number) {
  await db
    .deleteFrom('orgMembers')
    .where('orgId', '=', orgId)
    .where('userId', '=', userId)
    .execute();
}

/**
 * Locks the organization's row for the rest of the transaction (an update of its time), so two
 * membership changes at once see each other and the last admin stays.
 */
export async function lockOrg(db: Db, orgId: number, at: number): Promise<void> {
  await db.updateTable('organizations').set({ updatedAt: at }).where('id', '=', orgId).execute();
}

export async function countAdmins(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('orgMembers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orgId', '=', orgId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Budgets

export async function insertBudget(db: Db, budget: NewRow<'orgBudgets'>): Promise<number> {
  const row = await db
    .insertInto('orgBudgets')
    .values(budget)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Fen of the orders of a budget that are not cancelled: its `used`. */
const usedOf = (db: Db) =>
  db
    .selectFrom('orders')
    .select((eb) => ['orgId', 'budgetCode', eb.fn.sum<number>('amount').as('used')])
    .where('orgId', 'is not', null)
    .where('budgetCode', '!=', '')
    .where('status', '!=', OrderStatus.CANCELLED)
    .groupBy(['orgId', 'budgetCode']);

/** The organization's budgets with what their orders use, newest first. */
export async function orgBudgets(db: Db, orgId: number) {
  const rows = await db
    .selectFrom('orgBudgets as b')
    .leftJoin(usedOf(db).as('u'), (j) =>
      j.onRef('u.orgId', '=', 'b.orgId').onRef('u.budgetCode', '=', 'b.code'),
    )
    .select(['b.id', 'b.code', 'b.name', 'b.amount', 'b.validFrom', 'b.validUntil', 'u.used'])
    .where('b.orgId', '=', orgId)
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount), used: Number(r.used ?? 0) }));
}

/**
 * The budget of that code, locked for the rest of the transaction (an update of its time), and
 * what its orders use: orders placed at once against one budget take their turns here, so
 * together they never pass its amount (docs/organizations.md, "Budgets").
 */
export async function lockBudget(db: Db, orgId: number, code: string, at: number) {
  const locked = await db
    .updateTable('orgBudgets')
    .set({ updatedAt: at })
    .where('orgId', '=', orgId)
    .where('code', '=', code)
    .returning(['id', 'code', 'amount', 'validFrom', 'validUntil'])
    .executeTakeFirst();
  if (!locked) return undefined;
  const used = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number>('amount').as('used'))
    .where('orgId', '=', orgId)
    .where('budgetCode', '=', code)
    .where('status', '!=', OrderStatus.CANCELLED)
    .executeTakeFirst();
  return {
    ...locked,
    amount: Number(locked.amount),
    validFrom: Number(locked.validFrom),
    validUntil: Number(locked.validUntil),
    used: Number(used?.used ?? 0),
  };
}

// Approval steps

export async function insertSteps(db: Db, steps: NewRow<'orderApprovals'>[]): Promise<void> {
  if (steps.length > 0) await db.insertInto('orderApprovals').values(steps).execute();
}

/** An order's steps with the name of who decided, approver first. */
export async function stepsOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orderApprovals as a')
    .leftJoin('users as u', 'u.id', 'a.userId')
    .select(['a.orderId', 'a.role', 'a.userId', 'u.name', 'a.decision', 'a.remark', 'a.decidedAt'])
    .where('a.orderId', 'in', orderIds)
    .orderBy('a.orderId')
    .orderBy('a.id')
    .execute();
}

/** The organization's pending steps with their order, oldest order first. */
export async function pendingSteps(db: Db, orgId: number) {
  return db
    .selectFrom('orderApprovals as a')
    .innerJoin('orders as o', 'o.id', 'a.orderId')
    .innerJoin('users as u', 'u.id', 'o.userId')
    .select([
      'a.orderId',
      'a.role',
      'o.number',
      'o.amount',
      'o.userId as buyerId',
      'u.name as buyerName',
      'o.budgetCode',
      'o.createdAt',
    ])
    .where('a.orgId', '=', orgId)
    .where('a.decision', '=', 'pending')
    .where('o.approvalStatus', '=', 'pending')
    .orderBy('a.orderId')
    .execute();
}

/**
 * Decides a pending step in one guarded statement: true for the one caller that decided it,
 * false when it was decided already (two approvers at once: one wins).
 */
export async function decideStep(
  db: Db,
  orderId: number,
  role: string,
  set: { decision: string; userId: number; remark: string; decidedAt: number },
): Promise<boolean> {
  const res = await db
    .updateTable('orderApprovals')
    .set(set)
    .where('orderId', '=', orderId)
    .where('role', '=', role)
    .where('decision', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Closes the order's other pending steps when one rejected it. */
export async function closePendingSteps(db: Db, orderId: number, at: number) {
  await db
    .updateTable('orderApprovals')
    .set({ decision: 'rejected', decidedAt: at })
    .where('orderId', '=', orderId)
    .where('decision', '=', 'pending')
    .execute();
}

// Shared addresses and invoice title

export async function orgAddresses(db: Db, orgId: number) {
  return db
    .selectFrom('orgAddresses')
    .select(['id', 'name', 'phone', 'region', 'address'])
    .where('orgId', '=', orgId)
    .orderBy('id')
    .execute();
}

export async function insertAddress(db: Db, row: NewRow<'orgAddresses'>): Promise<number> {
  const r = await db
    .insertInto('orgAddresses')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function orgInvoice(db: Db, orgId: number) {
  return db.selectFrom('orgInvoices').selectAll().where('orgId', '=', orgId).executeTakeFirst();
}

export async function saveInvoice(db: Db, row: NewRow<'orgInvoices'>): Promise<void> {
  const { orgId: _orgId, ...rest } = row;
  await db
    .insertInto('orgInvoices')
    .values(row)
    .onConflict((oc) => oc.column('orgId').doUpdateSet(rest))
    .execute();
}

// Staff

export async function staffOrgPage(
  db: Db,
  filter: { keyword: string; verified?: number },
  page: PageRequest,
): Promise<Paged<Row<'organizations'> & { memberCount: number }>> {
  let q = db.selectFrom('organizations as o');
  if (filter.keyword !== '') {
    const like = `%${filter.keyword}%`;
    q = q.where((eb) => eb.or([eb('o.name', 'like', like), eb('o.uscc', 'like', like)]));
  }
  if (filter.verified !== undefined) q = q.where('o.verified', '=', filter.verified);
  const [records, count] = await Promise.all([
    q
      .selectAll('o')
      .select((eb) =>
        eb
          .selectFrom('orgMembers as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.orgId', '=', 'o.id')
          .as('memberCount'),
      )
      .orderBy('o.id', 'desc')
      .offset((page.page - 1) * page.size)
      .limit(page.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: records.map((r) => ({ ...r, memberCount: Number(r.memberCount ?? 0) })),
    current: page.page,
    size: page.size,
    total: Number(count.n),
  };
}
