import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

export type UserRow = Row<'users'>;

/** Members whose account, phone or email is one of the given identifiers. */
export async function findUsersByIdentifiers(db: Db, identifiers: string[]): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('account', 'in', identifiers),
        eb('phone', 'in', identifiers),
        eb('email', 'in', identifiers),
      ]),
    )
    .execute();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a member with an empty profile and balance. */
export async function insertUser(
  db: Db,
  user: {
    account: string;
    phone: string | null;
    email: string | null;
    passwordHash: string;
    at: number;
  },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      account: user.account,
      phone: user.phone,
      email: user.email,
      passwordHash: user.passwordHash,
      name: '',
      company: '',
      telephone: '',
      avatar: '',
      balance: 0,
      passwordUpdatedAt: user.at,
      createdAt: user.at,
      updatedAt: user.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the stored hash of the same password (a rehash with current cost settings). */
export async function updatePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

export async function updatePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ passwordHash, passwordUpdatedAt: at, updatedAt: at })
    .where('id', '=', userId)
    .execute();
}

/** Profile fields that do not log in; phone and email change through updateLoginContact. */
export async function updateBasic(
  db: Db,
  userId: number,
  basic: { company: string; name: string; telephone: string },
  at: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...basic, updatedAt: at })
    .where('id', '=', userId)
    .execute();
}

/** Sets a new login phone or email (and the account when it moves along). */
export async function updateLoginContact(
  db: Db,
  userId: number,
  contact: { phone?: string; email?: string; account?: string },
  at: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...contact, updatedAt: at })
    .where('id', '=', userId)
    .execute();
}

export async function setDisabled(
  db: Db,
  userId: number,
  disabled: number,
  at: number,
): Promise<void> {
  await db.updateTable('users').set({ disabled, updatedAt: at }).where('id', '=', userId).execute();
}

/**
 * Locks the member's row until the transaction ends: on PostgreSQL a second writer waits and
 * then reads what the first stored (SQLite has one writer anyway).
 */
export async function lockUser(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', userId)
    .execute();
}

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export { isUniqueViolation } from '../../db/unique.ts';
