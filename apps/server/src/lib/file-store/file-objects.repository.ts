import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The queries of the database file store (database-store.ts; tables of migration 0023). */

export type FileObjectRow = {
  id: number;
  key: string;
  size: number;
  type: string;
  sha256: string;
  createdAt: number;
};

const COLUMNS = ['id', 'key', 'size', 'type', 'sha256', 'createdAt'] as const;

/** A new, not yet complete file: invisible to readers until completeObject. */
export async function insertUnfinished(
  db: Db,
  row: { key: string; type: string; createdAt: number },
): Promise<number> {
  const inserted = await db
    .insertInto('fileObjects')
    .values({ ...row, size: 0, sha256: '', complete: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertChunk(
  db: Db,
  objectId: number,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.insertInto('fileChunks').values({ objectId, seq, data }).execute();
}

/**
 * Makes the file visible in place of the one stored under its key (whose chunks go with it).
 * Run in a transaction; a writer of the same key committing in between makes it fail on the
 * unique index, and the caller runs it again.
 */
export async function completeObject(
  trx: Db,
  id: number,
  key: string,
  totals: { size: number; sha256: string },
): Promise<void> {
  await trx
    .deleteFrom('fileObjects')
    .where('key', '=', key)
    .where('complete', '=', 1)
    .where('id', '!=', id)
    .execute();
  await trx
    .updateTable('fileObjects')
    .set({ complete: 1, size: totals.size, sha256: totals.sha256 })
    .where('id', '=', id)
    .execute();
}

/**
 * A file of one chunk in one go (run in a transaction): it replaces the file of its key and is
 * complete at once. Most files (pictures, documents) are this small; one commit instead of three.
 */
export async function insertWhole(
  trx: Db,
  row: { key: string; type: string; size: number; sha256: string; createdAt: number },
  data: Buffer,
): Promise<void> {
  await trx
    .deleteFrom('fileObjects')
    .where('key', '=', row.key)
    .where('complete', '=', 1)
    .execute();
  const inserted = await trx
    .insertInto('fileObjects')
    .values({ ...row, complete: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (data.length > 0) {
    await trx.insertInto('fileChunks').values({ objectId: inserted.id, seq: 0, data }).execute();
  }
}

export async function deleteObjectById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('fileObjects').where('id', '=', id).execute();
}

export async function findComplete(db: Db, key: string): Promise<FileObjectRow | undefined> {
  return db
    .selectFrom('fileObjects')
    .select(COLUMNS)
    .where('key', '=', key)
    .where('complete', '=', 1)
    .executeTakeFirst();
}

export async function readChunk(
  db: Db,
  objectId: number,
  seq: number,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('fileChunks')
    .select('data')
    .where('objectId', '=', objectId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.data;
}

export async function deleteComplete(db: Db, key: string): Promise<void> {
  await db.deleteFrom('fileObjects').where('key', '=', key).where('complete', '=', 1).execute();
}

/** Complete files whose key starts with `prefix`, after `afterKey`, in key order. */
export async function pageComplete(
  db: Db,
  prefix: string,
  afterKey: string,
  limit: number,
): Promise<FileObjectRow[]> {
  return db
    .selectFrom('fileObjects')
    .select(COLUMNS)
    .where('complete', '=', 1)
    .where('key', '>', afterKey)
    .where(sql<string>`substr(${sql.ref('key')}, 1, ${[...prefix].length})`, '=', prefix)
    .orderBy('key')
    .limit(limit)
    .execute();
}

/** Removes the unfinished writes begun before `before` (left by a killed process). */
export async function deleteUnfinished(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('fileObjects')
    .where('complete', '=', 0)
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
