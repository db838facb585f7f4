import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique.ts';
import * as repo from './file-objects.repository.ts';
import {
  checkKey,
  inPiecesOf,
  measured,
  readableOf,
  typeOfKey,
  type FileStore,
  type PutOptions,
  type StoredFile,
} from './file-store.ts';

/** Bytes per chunk row: small enough to hold one at a time, large enough to be few rows. */
export const CHUNK_BYTES = 256 * 1024;
/** An unfinished write this old was left by a killed process: its rows are removed. */
const STALE_UNFINISHED_MS = 24 * 60 * 60 * 1000;
/** Tries of the last step when writers of the same key finish at the same moment. */
const COMPLETE_TRIES = 5;

const infoOf = (row: repo.FileObjectRow): StoredFile => ({
  key: row.key,
  size: row.size,
  type: row.type,
  sha256: row.sha256 || null,
  modifiedAt: row.createdAt,
});

/**
 * Files in the database (tables of migration 0023): the store of instances on PostgreSQL
 * without an S3 bucket. A write inserts its chunks one by one under an unfinished row, outside
 * any transaction (no connection is held while the upload streams in), and a short transaction
 * makes it the file of its key at the end. A read fetches one chunk per query as the answer is
 * sent, so neither direction ever holds more than a chunk in memory.
 */
export function databaseStore(db: Db): FileStore {
  let swept: Promise<unknown> | null = null;

  /** Runs the step that makes a file visible, again when a writer of its key came first. */
  async function replacing(step: (trx: Db) => Promise<void>) {
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction().execute(step);
        return;
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= COMPLETE_TRIES) throw err;
      }
    }
  }

  async function* chunksOf(row: repo.FileObjectRow): AsyncGenerator<Buffer> {
    let read = 0;
    for (let seq = 0; read < row.size; seq++) {
      const data = await repo.readChunk(db, row.id, seq);
      // Replaced or removed while being read: the answer breaks off rather than mix two files.
      if (!data) throw new Error(`file ${row.key} changed while it was read`);
      read += data.length;
      yield data;
    }
  }

  return {
    kind: 'database',

    async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
      checkKey(key);
      swept ??= repo.deleteUnfinished(db, Date.now() - STALE_UNFINISHED_MS).catch(() => 0);
      const createdAt = Date.now();
      const type = options.type ?? typeOfKey(key);
      if (Buffer.isBuffer(body) && body.length <= CHUNK_BYTES) {
        const sha256 = createHash('sha256').update(body).digest('hex');
        const row = { key, type, size: body.length, sha256, createdAt };
        await replacing((trx) => repo.insertWhole(trx, row, body));
        return { key, size: body.length, type, sha256, modifiedAt: createdAt };
      }
      const id = await repo.insertUnfinished(db, { key, type, createdAt });
      const totals = { size: 0, sha256: '' };
      try {
        let seq = 0;
        for await (const chunk of inPiecesOf(measured(body, totals, CHUNK_BYTES), CHUNK_BYTES)) {
          await repo.insertChunk(db, id, seq++, chunk);
        }
        await replacing((trx) => repo.completeObject(trx, id, key, totals));
      } catch (err) {
        await repo.deleteObjectById(db, id).catch(() => undefined);
        throw err;
      }
      return { key, size: totals.size, type, sha256: totals.sha256, modifiedAt: createdAt };
    },

    async get(key: string) {
      checkKey(key);
      const row = await repo.findComplete(db, key);
      if (!row) return null;
      return { file: infoOf(row), stream: readableOf(chunksOf(row)) };
    },

    async stat(key: string) {
      checkKey(key);
      const row = await repo.findComplete(db, key);
      return row ? infoOf(row) : null;
    },

    async delete(key: string) {
      checkKey(key);
      await repo.deleteComplete(db, key);
    },

    async *list(prefix: string) {
      let after = '';
      for (;;) {
        const page = await repo.pageComplete(db, prefix, after, 500);
        for (const row of page) yield infoOf(row);
        const last = page.at(-1);
        if (!last || page.length < 500) return;
        after = last.key;
      }
    },
  };
}
