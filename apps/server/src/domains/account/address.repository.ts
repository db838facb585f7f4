import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

export type AddressRow = Row<'addresses'>;
export interface AddressFields {
  name: string;
  phone: string;
  region: string;
  address: string;
}

/**
 * Serializes a member's address-book writes: the row lock on PostgreSQL (SQLite has one writer
 * anyway) keeps "at most one default" and the address cap true under concurrent requests.
 */
export async function lockMember(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', userId)
    .execute();
}

/** Default first, then newest first. */
export async function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findAddress(
  db: Db,
  userId: number,
  id: number,
): Promise<AddressRow | undefined> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(
  db: Db,
  userId: number,
  fields: AddressFields,
  isDefault: boolean,
  at: number,
): Promise<AddressRow> {
  return db
    .insertInto('addresses')
    .values({ userId, ...fields, isDefault: isDefault ? 1 : 0, createdAt: at, updatedAt: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  fields: AddressFields & { isDefault?: boolean },
  at: number,
): Promise<void> {
  const { isDefault, ...rest } = fields;
  await db
    .updateTable('addresses')
    .set({
      ...rest,
      ...(isDefault === undefined ? {} : { isDefault: isDefault ? 1 : 0 }),
      updatedAt: at,
    })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Clears the default flag on every address of the member except `keepId`. */
export async function clearDefault(
  db: Db,
  userId: number,
  keepId: number | null,
  at: number,
): Promise<void> {
  let q = db
    .updateTable('addresses')
    .set({ isDefault: 0, updatedAt: at })
    .where('userId', '=', userId)
    .where('isDefault', '=', 1);
  if (keepId !== null) q = q.where('id', '!=', keepId);
  await q.execute();
}

export async function markDefault(db: Db, userId: number, id: number, at: number): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ isDefault: 1, updatedAt: at })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom('addresses').where('userId', '=', userId).where('id', '=', id).execute();
}

/** The newest address of a member, if any. */
export async function newestAddressId(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('addresses')
    .select('id')
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
