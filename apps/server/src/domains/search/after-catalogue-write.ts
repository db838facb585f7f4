import type { Db } from '../../db/database.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { countProducts } from './search-index.repository.ts';
import { indexProducts, rebuildSearchIndex } from './search.indexer.ts';

/**
 * Products touched at once from which the whole index is rebuilt instead of updated: the rebuild
 * writes postings in key order in bulk, which beats thousands of scattered updates once a write
 * (a large import) touches a good part of the catalogue.
 */
const REBUILD_FROM = 1000;
const REBUILD_SHARE = 0.25;

/**
 * Runs after every catalogue write, in the writer's transaction, for the products it touched
 * (created, edited, taken off sale, moved between brands or categories). The search index, and
 * with it the storefront's related-substances list and brand counts (both read from the index),
 * follow at once, and the catalogue version moves so no instance serves a cached anonymous answer
 * from before the write. Anything else that derives from the catalogue hooks in here.
 */
export async function afterCatalogueWrite(db: Db, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length >= REBUILD_FROM && ids.length >= (await countProducts(db)) * REBUILD_SHARE) {
    await rebuildSearchIndex(db);
  } else {
    await indexProducts(db, ids);
  }
  await bumpCatalogueVersion(db);
}
