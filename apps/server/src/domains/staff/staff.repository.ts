import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { contains } from '../../db/like.ts';

export { isUniqueViolation } from '../../db/unique.ts';

export type StaffRow = Row<'staff'>;

export async function findStaffByAccount(db: Db, account: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('account', '=', account).executeTakeFirst();
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(db: Db, row: NewRow<'staff'>): Promise<number> {
  const r = await db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateStaff(
  db: Db,
  id: number,
  set: {
    name?: string;
    roles?: string;
    disabled?: number;
    passwordHash?: string;
    updatedAt: number;
  },
): Promise<void> {
  await db.updateTable('staff').set(set).where('id', '=', id).execute();
}

export async function pageStaff(db: Db, key: string, page: { page: number; size: number }) {
  let q = db.selectFrom('staff');
  if (key) {
    q = q.where((eb) => eb.or([contains(eb.ref('account'), key), contains(eb.ref('name'), key)]));
  }
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('id')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insertStaffSession(db: Db, row: NewRow<'staffSessions'>): Promise<void> {
  await db.insertInto('staffSessions').values(row).execute();
}

export async function findStaffSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('staffSessions as ss')
    .innerJoin('staff as s', 's.id', 'ss.staffId')
    .select([
      'ss.id as sessionId',
      'ss.expiresAt',
      'ss.maxUntil',
      'ss.revokedAt',
      's.id',
      's.account',
      's.name',
      's.roles',
      's.disabled',
      's.totpEnabledAt',
    ])
    .where('ss.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Moves the idle deadline of a live session forward. */
export async function touchStaffSession(
  db: Db,
  sessionId: number,
  expiresAt: number,
): Promise<void> {
  await db
    .updateTable('staffSessions')
    .set({ expiresAt })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeStaffSession(db: Db, sessionId: number, at: number): Promise<void> {
  await db
    .updateTable('staffSessions')
    .set({ revokedAt: at })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeSessionsOfStaff(db: Db, staffId: number, at: number): Promise<void> {
  await db
    .updateTable('staffSessions')
    .set({ revokedAt: at })
    .where('staffId', '=', staffId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every session of the staff member but the one they are using. */
export async function revokeOtherSessionsOfStaff(
  db: Db,
  staffId: number,
  keepSessionId: number,
  at: number,
): Promise<void> {
  await db
    .updateTable('staffSessions')
    .set({ revokedAt: at })
    .where('staffId', '=', staffId)
    .where('id', '!=', keepSessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Drops sessions that ended more than a day ago. */
export async function pruneStaffSessions(db: Db, before: number): Promise<void> {
  await db
    .deleteFrom('staffSessions')
    .where((eb) => eb.or([eb('expiresAt', '<', before), eb('revokedAt', '<', before)]))
    .execute();
}

/** Staff holding any of the accounts. */
export function staffByAccounts(db: Db, accounts: readonly string[]) {
  if (accounts.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('staff')
    .select(['id', 'account'])
    .where('account', 'in', accounts)
    .execute();
}

export async function insertStaffRows(db: Db, rows: NewRow<'staff'>[]): Promise<void> {
  await db
    .insertInto('staff')
    .values(rows)
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
}

export async function activeStaff(db: Db) {
  return db
    .selectFrom('staff')
    .select(['id', 'name', 'account'])
    .where('disabled', '=', 0)
    .orderBy('id')
    .execute();
}

// ---- two-factor login (migration 0012) ---------------------------------------------------------

export async function setPendingTotpSecret(db: Db, id: number, secret: string, at: number) {
  await db
    .updateTable('staff')
    .set({ totpPendingSecret: secret, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/** Turns the pending secret into the one in use, if it is still the one the code matched. */
export async function enableTotp(
  db: Db,
  id: number,
  secret: string,
  step: number,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({
      totpSecret: secret,
      totpPendingSecret: null,
      totpEnabledAt: at,
      totpLastStep: step,
      updatedAt: at,
    })
    .where('id', '=', id)
    .where('totpPendingSecret', '=', secret)
    .where('totpSecret', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function disableTotp(db: Db, id: number, at: number): Promise<void> {
  await db
    .updateTable('staff')
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: 0,
      updatedAt: at,
    })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('staffRecoveryCodes').where('staffId', '=', id).execute();
}

/**
 * Accepts a code's time step once: only a step later than the last accepted one moves it, so
 * the same code (or an older one) replayed, even concurrently, is refused.
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({ totpLastStep: step })
    .where('id', '=', id)
    .where('totpSecret', 'is not', null)
    .where('totpLastStep', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(
  db: Db,
  staffId: number,
  hashes: readonly string[],
  at: number,
): Promise<void> {
  await db.deleteFrom('staffRecoveryCodes').where('staffId', '=', staffId).execute();
  await db
    .insertInto('staffRecoveryCodes')
    .values(hashes.map((codeHash) => ({ staffId, codeHash, usedAt: null, createdAt: at })))
    .execute();
}

/** Uses an unused recovery code of the staff member; false when there is none such. */
export async function useRecoveryCode(
  db: Db,
  staffId: number,
  codeHash: string,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('staffRecoveryCodes')
    .set({ usedAt: at })
    .where('staffId', '=', staffId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, staffId: number): Promise<number> {
  const r = await db
    .selectFrom('staffRecoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('staffId', '=', staffId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertLoginTicket(db: Db, row: NewRow<'staffLoginTickets'>): Promise<void> {
  await db.insertInto('staffLoginTickets').values(row).execute();
}

export async function findLoginTicket(db: Db, ticketHash: string) {
  return db
    .selectFrom('staffLoginTickets')
    .selectAll()
    .where('ticketHash', '=', ticketHash)
    .executeTakeFirst();
}

export async function countTicketFailure(db: Db, id: number): Promise<void> {
  await db
    .updateTable('staffLoginTickets')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Spends a ticket once; false when another request spent it first. */
export async function useLoginTicket(db: Db, id: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('staffLoginTickets')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Drops tickets that ended more than a day ago. */
export async function pruneLoginTickets(db: Db, before: number): Promise<void> {
  await db.deleteFrom('staffLoginTickets').where('expiresAt', '<', before).execute();
}
