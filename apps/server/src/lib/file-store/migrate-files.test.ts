import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createFreshDatabase } from '../../../test/helpers.ts';
import { databaseStore } from './database-store.ts';
import { diskStore } from './disk-store.ts';
import { readWhole, type FileStore } from './file-store.ts';
import { migrateFiles } from './migrate-files.ts';

let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
let db: Db;
let dataDir: string;

/** An existing shop's DATA_DIR: pictures, a certificate, a member document, a fapiao file. */
const SHOP: Record<string, string> = {
  'files/uploads/202401/a.png': 'png-a',
  'files/products/YF1.svg': '<svg>YF1</svg>',
  'files/coa/YF1-L1.pdf': '%PDF-1.4 certificate',
  'files/.demo-seed': '5',
  'private/qualifications/202401/x.pdf': '%PDF-1.4 licence',
  'private/fapiao/7-ab.pdf': '%PDF-1.4 fapiao',
};

beforeAll(async () => {
  fresh = await createFreshDatabase();
  db = fresh.db;
  await migrateToLatest(db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-migrate-'));
  for (const [key, text] of Object.entries(SHOP)) {
    fs.mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, key), text);
  }
  // Not the store's: never moved.
  fs.writeFileSync(path.join(dataDir, 'shop.sqlite'), 'db');
});
afterAll(async () => {
  await db.destroy();
  await fresh.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A store that breaks off, like a killed process, once `limit` files went in. */
function dyingAfter(store: FileStore, limit: number): FileStore {
  let written = 0;
  return {
    ...store,
    put: async (key, body, options) => {
      if (written >= limit) throw new Error('killed');
      written++;
      return store.put(key, body, options);
    },
  };
}

describe('npm run files:migrate', () => {
  it('moves every file, continues after a stop, and skips what is there on the next run', async () => {
    const source = diskStore(dataDir);
    const target = databaseStore(db);
    const lines: string[] = [];

    const stopped = await migrateFiles(source, dyingAfter(target, 2), (line) => lines.push(line));
    expect(stopped.copied).toBe(2);
    expect(stopped.failed).toHaveLength(4);

    const resumed = await migrateFiles(source, target, (line) => lines.push(line));
    expect(resumed).toMatchObject({ files: 6, copied: 4, skipped: 2, failed: [] });
    expect(lines.at(-1)).toMatch(
      /^6\/6 files, 0\.0\/0\.0 MB \(copied 4, already there 2, failed 0\)$/,
    );
    for (const [key, text] of Object.entries(SHOP)) {
      expect((await readWhole(target, key, 1024))?.toString(), key).toBe(text);
    }

    const again = await migrateFiles(source, target, () => undefined);
    expect(again).toMatchObject({ copied: 0, skipped: 6, failed: [] });

    // A file changed on disk since (same size, other bytes) is copied again: the hash differs.
    fs.writeFileSync(path.join(dataDir, 'files/uploads/202401/a.png'), 'png-b');
    const changed = await migrateFiles(source, target, () => undefined);
    expect(changed).toMatchObject({ copied: 1, skipped: 5 });
    expect((await readWhole(target, 'files/uploads/202401/a.png', 64))?.toString()).toBe('png-b');
    // DATA_DIR keeps everything: nothing is removed by the command.
    expect(fs.readFileSync(path.join(dataDir, 'files/coa/YF1-L1.pdf'), 'utf8')).toBe(
      SHOP['files/coa/YF1-L1.pdf'],
    );
  });
});
