import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  PRIVATE_AREA,
  PUBLIC_AREA,
  checkKey,
  measured,
  typeOfKey,
  type FileStore,
  type PutOptions,
  type StoredFile,
} from './file-store.ts';

/** Where unfinished writes wait, beside the areas (one file system, so the rename is atomic). */
const TEMP_DIR = '.file-store-tmp';
/** Unfinished writes older than this are left by a killed process and removed. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;
/** Pieces written at a time. */
const PIECE_BYTES = 256 * 1024;

const isMissing = (err: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Files below DATA_DIR exactly where they always were (DATA_DIR/files, DATA_DIR/private): the
 * store of a single SQLite shop, and the source the migration command reads. A write goes to a
 * temporary file first and is renamed into place, so a reader never sees half a file; private
 * files are readable by the server's user only.
 */
export function diskStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir);
  const temp = path.join(root, TEMP_DIR);
  const fullPath = (key: string) => {
    checkKey(key);
    return path.join(root, ...key.split('/'));
  };
  const infoOf = (key: string, stat: fs.Stats): StoredFile => ({
    key,
    size: stat.size,
    type: typeOfKey(key),
    sha256: null,
    modifiedAt: Math.round(stat.mtimeMs),
  });
  let swept: Promise<void> | null = null;

  async function sweepTemp() {
    const names = await fsp.readdir(temp).catch(() => [] as string[]);
    const before = Date.now() - STALE_TEMP_MS;
    for (const name of names) {
      const file = path.join(temp, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < before) await fsp.rm(file, { force: true });
    }
  }

  async function* walk(dir: string, key: string): AsyncGenerator<StoredFile> {
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
      if (isMissing(err)) return [];
      throw err;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const childKey = `${key}/${entry.name}`;
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(child, childKey);
      else if (entry.isFile()) yield infoOf(childKey, await fsp.stat(child));
    }
  }

  return {
    kind: 'disk',

    async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
      const target = fullPath(key);
      swept ??= sweepTemp();
      await fsp.mkdir(temp, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(temp, randomBytes(12).toString('hex'));
      const mode = key.startsWith(`${PRIVATE_AREA}/`) ? 0o600 : 0o644;
      const totals = { size: 0, sha256: '' };
      try {
        await pipeline(
          Readable.from(measured(body, totals, PIECE_BYTES)),
          fs.createWriteStream(partial, { mode }),
        );
        await fsp.rename(partial, target);
      } catch (err) {
        await fsp.rm(partial, { force: true });
        throw err;
      }
      const stat = await fsp.stat(target);
      return { ...infoOf(key, stat), type: options.type ?? typeOfKey(key), sha256: totals.sha256 };
    },

    async get(key: string) {
      const file = fullPath(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { file: infoOf(key, stat), stream: handle.createReadStream() };
    },

    async stat(key: string) {
      try {
        const stat = await fsp.stat(fullPath(key));
        return stat.isFile() ? infoOf(key, stat) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key: string) {
      await fsp.rm(fullPath(key), { force: true });
    },

    async *list(prefix: string) {
      for (const area of [PUBLIC_AREA, PRIVATE_AREA]) {
        if (!area.startsWith(prefix) && !prefix.startsWith(`${area}/`)) continue;
        for await (const file of walk(path.join(root, area), area)) {
          if (file.key.startsWith(prefix)) yield file;
        }
      }
    },
  };
}
