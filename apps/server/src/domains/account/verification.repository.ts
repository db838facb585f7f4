import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

/** Ends every live code of a target and scene (a new code replaces them). */
export async function retireCodes(
  db: Db,
  target: string,
  scene: number,
  at: number,
): Promise<void> {
  await db
    .updateTable('verificationCodes')
    .set({ consumedAt: at })
    .where('target', '=', target)
    .where('scene', '=', scene)
    .where('consumedAt', 'is', null)
    .execute();
}

export async function insertCode(
  db: Db,
  code: { target: string; scene: number; codeHash: string; expiresAt: number; createdAt: number },
): Promise<number> {
  const row = await db
    .insertInto('verificationCodes')
    .values({ ...code, attempts: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findLiveCode(
  db: Db,
  target: string,
  scene: number,
  at: number,
  maxAttempts: number,
): Promise<Pick<Row<'verificationCodes'>, 'id' | 'codeHash'> | undefined> {
  return db
    .selectFrom('verificationCodes')
    .select(['id', 'codeHash'])
    .where('target', '=', target)
    .where('scene', '=', scene)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', at)
    .where('attempts', '<', maxAttempts)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Spends one try of a live code; false when the code is used up, consumed or gone. */
export async function takeTry(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const res = await db
    .updateTable('verificationCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumedAt', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a code used; false when another request used it first. */
export async function consume(db: Db, id: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('verificationCodes')
    .set({ consumedAt: at })
    .where('id', '=', id)
    .where('consumedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes codes past their expiry (used or not); answers how many went. */
export async function pruneExpiredCodes(db: Db, at: number): Promise<number> {
  const res = await db
    .deleteFrom('verificationCodes')
    .where('expiresAt', '<', at)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
