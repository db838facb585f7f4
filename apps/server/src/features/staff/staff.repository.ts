import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';

export { isUniqueViolation } from '../account/user.repository.ts';

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
    const like = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('account', 'like', like), eb('name', 'like', like)]));
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
