import type { Db } from '../db/database.ts';
import * as settings from './settings.repository.ts';

/**
 * The catalogue version: a counter in the settings table that every catalogue or content write
 * bumps (products, packs, prices, stock, categories, links, articles, literature, settings shown
 * to visitors). Cached anonymous answers are valid for one version. Instances re-read it at most
 * every `VERSION_TTL_MS`, so a write on one instance reaches the others' caches within that time;
 * the instance that wrote sees it at once.
 */
const VERSION_KEY = 'catalogue.version';
export const VERSION_TTL_MS = 1_000;

interface Known {
  version: number;
  /** `localBumps` when it was read: a bump in this process makes every handle read again. */
  bumps: number;
  readAt: number;
  /** A read in flight, shared by the requests that arrive meanwhile. */
  pending: Promise<number> | null;
}
const known = new WeakMap<Db, Known>();
/**
 * Bumps made by this process. Writers bump through their transaction handle, which is not the
 * handle the readers cache under, so readers compare this count instead of their own entry.
 */
let localBumps = 0;

async function readVersion(db: Db): Promise<number> {
  const n = Number((await settings.readSetting(db, VERSION_KEY)) ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** The current catalogue version, read from the database at most once a second per process. */
export async function catalogueVersion(db: Db): Promise<number> {
  let k = known.get(db);
  if (k && k.bumps === localBumps && performance.now() - k.readAt < VERSION_TTL_MS) {
    return k.version;
  }
  if (k?.pending) return k.pending;
  k ??= { version: 0, bumps: localBumps, readAt: -Infinity, pending: null };
  known.set(db, k);
  const entry = k;
  entry.bumps = localBumps;
  entry.pending = readVersion(db).finally(() => {
    entry.pending = null;
  });
  entry.version = await entry.pending;
  entry.readAt = performance.now();
  return entry.version;
}

/**
 * Call after every write to the catalogue or content (in or after its transaction): cached
 * anonymous answers of every instance stop being served.
 */
export async function bumpCatalogueVersion(db: Db): Promise<number> {
  await settings.incrementSetting(db, VERSION_KEY);
  localBumps += 1;
  known.delete(db);
  return catalogueVersion(db);
}
