import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

/** Claims a key for a first run; answers false when another request already holds it. */
export async function claimKey(
  db: Db,
  id: string,
  fingerprint: string,
  at: number,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotencyKeys')
    .values({ id, fingerprint, statusCode: null, createdAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findKey(db: Db, id: string): Promise<Row<'idempotencyKeys'> | undefined> {
  return db.selectFrom('idempotencyKeys').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes over a claim whose request never finished (its instance died): only one waiter wins,
 * because the update requires the claim time it saw.
 */
export async function takeOverKey(
  db: Db,
  id: string,
  seenAt: number,
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('idempotencyKeys')
    .set({ createdAt: at })
    .where('id', '=', id)
    .where('statusCode', 'is', null)
    .where('createdAt', '=', seenAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function storeAnswer(
  db: Db,
  id: string,
  statusCode: number,
  answer: string,
): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ statusCode, answer })
    .where('id', '=', id)
    .execute();
}

/** Frees a key whose first run failed for a reason a retry may not meet (a 5xx, a 429). */
export async function releaseKey(db: Db, id: string): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('id', '=', id).execute();
}

/** Drops answers older than `before`; retries come within minutes, not days. */
export async function pruneKeys(db: Db, before: number): Promise<number> {
  const res = await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
