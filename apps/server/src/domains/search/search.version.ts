import type { Db } from '../../db/database.ts';
import { versionCounter } from '../../lib/version-counter.ts';

/**
 * The search index's version, bumped in the transaction of every index write (search.indexer.ts).
 * The posting lists kept in memory (search.postings.ts) are valid for one version; another
 * instance's write reaches them within `VERSION_TTL_MS`.
 */
const index = versionCounter('search.index_version');

export function searchIndexVersion(db: Db): Promise<number> {
  return index.read(db);
}

export function bumpSearchIndexVersion(db: Db): Promise<number> {
  return index.bump(db);
}
