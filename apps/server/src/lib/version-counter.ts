import type { Db } from '../db/database.ts';
import * as settings from './settings.repository.ts';

/**
 * A counter in the settings table that writers bump and readers key caches on (the catalogue
 * version, the search index version). Instances re-read it at most every `VERSION_TTL_MS`, so a
 * bump on one instance reaches the others' caches within that time; the process that bumped sees
 * it at once.
 */
export const VERSION_TTL_MS = 1_000;

export interface VersionCounter {
  /** The current value, read from the database at most once per TTL per process and handle. */
  read(db: Db): Promise<number>;
  /** Adds one (in or after the writer's transaction) and answers the new value. */
  bump(db: Db): Promise<number>;
}

interface Known {
  value: number;
  /** `bumps` when it was read: a bump in this process makes every handle read again. */
  bumps: number;
  readAt: number;
  /** A read in flight, shared by the requests that arrive meanwhile. */
  pending: Promise<number> | null;
}

export function versionCounter(key: string): VersionCounter {
  const known = new WeakMap<Db, Known>();
  /**
   * Bumps made by this process. Writers bump through their transaction handle, which is not the
   * handle the readers cache under, so readers compare this count instead of their own entry.
   */
  let bumps = 0;

  async function load(db: Db): Promise<number> {
    const n = Number((await settings.readSetting(db, key)) ?? 0);
    return Number.isFinite(n) ? n : 0;
  }

  async function read(db: Db): Promise<number> {
    let k = known.get(db);
    if (k && k.bumps === bumps && performance.now() - k.readAt < VERSION_TTL_MS) return k.value;
    if (k?.pending) return k.pending;
    k ??= { value: 0, bumps, readAt: -Infinity, pending: null };
    known.set(db, k);
    const entry = k;
    entry.bumps = bumps;
    entry.pending = load(db).finally(() => {
      entry.pending = null;
    });
    entry.value = await entry.pending;
    entry.readAt = performance.now();
    return entry.value;
  }

  async function bump(db: Db): Promise<number> {
    await settings.incrementSetting(db, key);
    bumps += 1;
    known.delete(db);
    return read(db);
  }

  return { read, bump };
}
