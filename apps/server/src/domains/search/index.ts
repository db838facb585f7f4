/*
 * Product search: the search index the catalogue's writes keep current (afterCatalogueWrite),
 * the storefront's search and the console's product search, and the staff's synonyms
 * (docs/search.md).
 */
export { afterCatalogueWrite } from './after-catalogue-write.ts';
export { ensureSearchIndex, indexProducts, rebuildSearchIndex } from './search.indexer.ts';
export { searchProductIds } from './search.service.ts';
