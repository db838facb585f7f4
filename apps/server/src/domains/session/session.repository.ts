import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

export async function insertSession(
  db: Db,
  s: {
    userId: number;
    tokenHash: string;
    expiresAt: number;
    renewableUntil: number;
    createdAt: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('sessions')
    .values(s)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findSessionByHash(
  db: Db,
  tokenHash: string,
): Promise<Row<'sessions'> | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes one live session; answers whether it was live (so a token is renewed only once). */
export async function revokeSession(db: Db, id: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('sessions')
    .set({ revokedAt: at })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeUserSessions(db: Db, userId: number, at: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revokedAt: at })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes every live session of a member except one. */
export async function revokeOtherUserSessions(
  db: Db,
  userId: number,
  keepSessionId: number,
  at: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revokedAt: at })
    .where('userId', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** How long a revoked session row is kept: a token rotated a moment ago still answers 601. */
export const REVOKED_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes sessions that can never be used again: past their renewal window, or revoked more
 * than a day ago. Answers how many went.
 */
export async function pruneExpiredSessions(db: Db, at: number): Promise<number> {
  const res = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('renewableUntil', '<', at), eb('revokedAt', '<', at - REVOKED_KEPT_MS)]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
