import type { Db } from '../../db/database.ts';
import { indexProducts } from '../search/search.indexer.ts';

/**
 * Runs after every catalogue write, in the writer's transaction, for the products it touched
 * (created, edited, taken off sale, moved between brands or categories). The search index, and
 * with it the storefront's related-substances list and brand counts (both read from the index),
 * follow at once. Anything else that derives from the catalogue hooks in here.
 */
export async function afterCatalogueWrite(db: Db, productIds: readonly number[]): Promise<void> {
  await indexProducts(db, productIds);
}
