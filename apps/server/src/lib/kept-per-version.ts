import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';

/** How full one kind of kept data is, for the bench's memory report (docs/performance.md). */
export interface KeptFill {
  name: string;
  entries: number;
  /** The sum of the entries' sizes when the cache is bounded by size, else the entry count. */
  size: number;
  /** Its `maxSize`, or its `max` entries when bounded by count. */
  bound: number;
}

/** The latest cache of every kind, by name: the one a process serving one database uses. */
const latest = new Map<string, LRUCache<NonNullable<unknown>, NonNullable<unknown>>>();

/**
 * What a process keeps of the catalogue between requests (cached answers and rendered pages,
 * a term's matches, posting lists, product cards and product pages), valid for one version of
 * what it was read from (lib/catalogue-version.ts, domains/search/search.version.ts): the first
 * request that sees another version starts an empty cache. Kept per database handle, so separate
 * databases (tests, tools) never share entries. Answers the cache of the current version.
 */
export function keptPerVersion<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  name: string,
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
      latest.set(
        name,
        entry.cache as unknown as LRUCache<NonNullable<unknown>, NonNullable<unknown>>,
      );
    }
    return entry.cache;
  };
}

/** How full each kind's latest cache is (kinds not used yet are left out). */
export function keptFill(): KeptFill[] {
  return [...latest].map(([name, cache]) => ({
    name,
    entries: cache.size,
    size: cache.maxSize > 0 ? cache.calculatedSize : cache.size,
    bound: cache.maxSize > 0 ? cache.maxSize : cache.max,
  }));
}

/** A rough size of kept rows for a `maxSize` bound: their JSON at two bytes a character. */
export const approximateBytes = (rows: NonNullable<unknown>): number =>
  2 * JSON.stringify(rows).length;
