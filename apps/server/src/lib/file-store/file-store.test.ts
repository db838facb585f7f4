import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createFreshDatabase } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { CHUNK_BYTES, databaseStore } from './database-store.ts';
import { diskStore } from './disk-store.ts';
import * as repo from './file-objects.repository.ts';
import { isValidKey, readWhole, sha256Of, type FileStore } from './file-store.ts';

/** A stream of `total` bytes made as it is read, in pieces of `piece` bytes, failing at `failAt`. */
function generated(total: number, piece: number, failAt = Infinity): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAt) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(piece, total - sent);
      this.push(Buffer.alloc(n, sent % 251));
      sent += n;
    },
  });
}

/** The bytes `generated` makes, for comparing. */
async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
let db: Db;
const dirs: string[] = [];

beforeAll(async () => {
  fresh = await createFreshDatabase();
  db = fresh.db;
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await fresh.drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-store-'));
  dirs.push(dir);
  return dir;
};

const stores: Record<string, () => FileStore> = {
  disk: () => diskStore(tempDir()),
  database: () => databaseStore(db),
};

describe.each(Object.keys(stores))('the %s file store', (name) => {
  let store: FileStore;
  let prefix: string;
  beforeAll(() => {
    store = stores[name]!();
    // The database store shares its tables across the tests of this file: keys of their own.
    prefix = `t-${randomBytes(4).toString('hex')}`;
  });

  it('keeps a file and hands it back as a stream, with its size, type and hash', async () => {
    const data = Buffer.from('%PDF-1.4 证书');
    const key = `files/${prefix}/coa/A-1.pdf`;
    const put = await store.put(key, data);
    expect(put).toMatchObject({ key, size: data.length, type: 'application/pdf' });
    expect(put.sha256).toBe(await sha256Of(Readable.from([data])));
    const found = await store.get(key);
    expect(found?.file).toMatchObject({ key, size: data.length, type: 'application/pdf' });
    expect((await bytesOf(found!.stream)).equals(data)).toBe(true);
    expect(await store.stat(key)).toMatchObject({ size: data.length });
    expect(await store.get(`files/${prefix}/coa/none.pdf`)).toBeNull();
    expect(await store.stat(`files/${prefix}/coa/none.pdf`)).toBeNull();
  });

  it('streams a file of several chunks in and out, a piece at a time', async () => {
    const total = 2 * CHUNK_BYTES + 12_345;
    const key = `private/${prefix}/qualifications/big.pdf`;
    const put = await store.put(key, generated(total, 10_000));
    expect(put.size).toBe(total);
    expect(put.sha256).toBe(await sha256Of(generated(total, 10_000)));
    const found = await store.get(key);
    expect(found?.file.size).toBe(total);
    const pieces: number[] = [];
    const parts: Buffer[] = [];
    for await (const chunk of found!.stream) {
      pieces.push((chunk as Buffer).length);
      parts.push(chunk as Buffer);
    }
    // Never the whole file at once: it arrives in pieces no larger than a chunk.
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(CHUNK_BYTES);
    expect(Buffer.concat(parts).equals(await bytesOf(generated(total, 10_000)))).toBe(true);
    expect(await readWhole(store, key, total)).toHaveLength(total);
    await expect(readWhole(store, key, total - 1)).rejects.toThrow(/more than/);
  });

  it('leaves nothing visible when a write breaks off, and keeps the file it would replace', async () => {
    const fresh = `files/${prefix}/uploads/broken.png`;
    await expect(
      store.put(fresh, generated(CHUNK_BYTES * 2, 4096, CHUNK_BYTES + 100)),
    ).rejects.toThrow('client went away');
    expect(await store.get(fresh)).toBeNull();
    expect((await collect(store.list(`files/${prefix}/uploads/`))).map((f) => f.key)).toEqual([]);

    const kept = `files/${prefix}/uploads/kept.png`;
    await store.put(kept, Buffer.from('old'));
    await expect(store.put(kept, generated(CHUNK_BYTES * 2, 4096, 5000))).rejects.toThrow();
    expect((await bytesOf((await store.get(kept))!.stream)).toString()).toBe('old');
  });

  it('replaces a file in place and deletes it; deleting a missing file is no error', async () => {
    const key = `files/${prefix}/banners/a.svg`;
    await store.put(key, Buffer.from('<svg>1</svg>'));
    await store.put(key, Buffer.from('<svg>two</svg>'));
    const found = await store.get(key);
    expect(found?.file).toMatchObject({ size: 14, type: 'image/svg+xml' });
    expect((await bytesOf(found!.stream)).toString()).toBe('<svg>two</svg>');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it('lists the files below a prefix, in key order, and nothing of the other area', async () => {
    for (const key of ['b/2.png', 'a/1.png', 'b/1.png']) {
      await store.put(`files/${prefix}/list/${key}`, Buffer.from(key));
    }
    await store.put(`private/${prefix}/list/secret.pdf`, Buffer.from('%PDF-'));
    const listed = await collect(store.list(`files/${prefix}/list/`));
    expect(listed.map((f) => f.key)).toEqual([
      `files/${prefix}/list/a/1.png`,
      `files/${prefix}/list/b/1.png`,
      `files/${prefix}/list/b/2.png`,
    ]);
    expect(listed.every((f) => f.size === 7)).toBe(true);
  });

  it('refuses a key that could reach outside its area', async () => {
    for (const key of [
      'files/../private/x.pdf',
      '../shop.sqlite',
      'rsa-private.pem',
      'files/',
      'files//x',
      'files/a\\..\\b',
      'private/./x',
      'files/a\u0000b',
    ]) {
      expect(isValidKey(key), key).toBe(false);
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('not a file store key');
      await expect(store.get(key), key).rejects.toThrow('not a file store key');
    }
    expect(isValidKey('files/coa/甲醇 1.pdf')).toBe(true);
  });
});

describe('the disk store', () => {
  it('keeps files where they always were, private ones readable by the owner only', async () => {
    const dir = tempDir();
    const store = diskStore(dir);
    await store.put('files/uploads/202501/a.png', Buffer.from('png'));
    await store.put('private/fapiao/1-a.pdf', Buffer.from('%PDF-'));
    expect(fs.readFileSync(path.join(dir, 'files/uploads/202501/a.png'), 'utf8')).toBe('png');
    expect(fs.statSync(path.join(dir, 'private/fapiao/1-a.pdf')).mode & 0o777).toBe(0o600);
    // A broken-off write leaves no file at its path (only a temporary one, swept later).
    await expect(
      store.put('files/uploads/202501/b.png', generated(100_000, 1000, 50_000)),
    ).rejects.toThrow();
    expect(fs.existsSync(path.join(dir, 'files/uploads/202501/b.png'))).toBe(false);
  });
});

describe('the database store', () => {
  it('keeps a file as chunk rows and shows it only once all are in', async () => {
    const store = databaseStore(db);
    const key = `files/rows-${randomBytes(4).toString('hex')}.pdf`;
    await store.put(key, generated(CHUNK_BYTES * 2 + 1, 65_536));
    const object = await db
      .selectFrom('fileObjects')
      .select(['id', 'complete'])
      .where('key', '=', key)
      .execute();
    expect(object).toHaveLength(1);
    const chunks = await db
      .selectFrom('fileChunks')
      .select(['seq', (eb) => eb.fn('length', ['data']).as('bytes')])
      .where('objectId', '=', object[0]!.id)
      .orderBy('seq')
      .execute();
    expect(chunks.map((c) => [c.seq, Number(c.bytes)])).toEqual([
      [0, CHUNK_BYTES],
      [1, CHUNK_BYTES],
      [2, 1],
    ]);

    // A write whose process was killed after some chunks: its rows are there but unseen, and
    // the next process's first write sweeps them once they are old.
    const killed = `files/killed-${randomBytes(4).toString('hex')}.pdf`;
    const id = await repo.insertUnfinished(db, {
      key: killed,
      type: 'application/pdf',
      createdAt: Date.now() - 2 * 24 * 3600_000,
    });
    await repo.insertChunk(db, id, 0, Buffer.alloc(10));
    expect(await store.get(killed)).toBeNull();
    expect((await collect(store.list('files/killed-'))).length).toBe(0);
    await databaseStore(db).put(`files/next-${randomBytes(4).toString('hex')}`, Buffer.from('x'));
    const left = await db.selectFrom('fileObjects').select('id').where('id', '=', id).execute();
    expect(left).toEqual([]);
    const orphans = await db
      .selectFrom('fileChunks')
      .select('seq')
      .where('objectId', '=', id)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('keeps exactly one file when writers of one key finish at once', async () => {
    const store = databaseStore(db);
    const key = `files/race-${randomBytes(4).toString('hex')}.svg`;
    const bodies: Buffer[] = ['one', 'two', 'three', 'four'].map((t) =>
      Buffer.from(t.repeat(1000)),
    );
    // Small files go in in one transaction, larger ones chunk by chunk: both kinds race here.
    const streamed = await bytesOf(generated(CHUNK_BYTES + 5, 4096));
    bodies.push(streamed);
    await Promise.all([
      ...bodies.slice(0, -1).map((b) => store.put(key, b)),
      store.put(key, generated(CHUNK_BYTES + 5, 4096)),
    ]);
    const rows = await db
      .selectFrom('fileObjects')
      .select(['id', 'complete'])
      .where('key', '=', key)
      .execute();
    expect(rows).toEqual([{ id: expect.any(Number) as number, complete: 1 }]);
    const kept = await bytesOf((await store.get(key))!.stream);
    expect(bodies.some((b) => b.equals(kept))).toBe(true);
  });
});

describe('the store chosen by the configuration', () => {
  it('is the database on PostgreSQL, DATA_DIR on SQLite, S3 when a bucket is named', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'disk' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/shop' }).fileStore).toEqual({
      kind: 'database',
    });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/shop',
        S3_BUCKET: 'labshop',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      s3: {
        bucket: 'labshop',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
  });

  it('stops at start on S3 settings that do not fit together', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET must be set/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /set both, or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT="minio:9000"/,
    );
  });
});
