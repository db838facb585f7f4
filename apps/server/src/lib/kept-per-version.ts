import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';

/**
 * What a process keeps of the catalogue between requests (cached answers and rendered pages,
 * a term's matches, posting lists, product cards and product pages), valid for one version of
 * what it was read from (lib/catalogue-version.ts, features/search/search.version.ts): the first
 * request that sees another version starts an empty cache. Kept per database handle, so separate
 * databases (tests, tools) never share entries. Answers the cache of the current version.
 */
export function keptPerVersion<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  versionOf: (db: Db) => Promise<string | number>,
  options: LRUCache.Options<K, V, unknown>,
): (db: Db) => Promise<LRUCache<K, V>> {
  const kept = new WeakMap<Db, { version: string | number; cache: LRUCache<K, V> }>();
  return async (db) => {
    const version = await versionOf(db);
    let entry = kept.get(db);
    if (entry?.version !== version) {
      entry = { version, cache: new LRUCache(options) };
      kept.set(db, entry);
    }
    return entry.cache;
  };
}

/** A rough size of kept rows for a `maxSize` bound: their JSON at two bytes a character. */
export const approximateBytes = (rows: NonNullable<unknown>): number =>
  2 * JSON.stringify(rows).length;
