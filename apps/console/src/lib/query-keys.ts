/**
 * The console's query keys, in one place (docs/console.md, "Data layer"). Reads and the writes
 * that invalidate them name the same key, so a save always refreshes what shows its data; a key
 * written inline in two files could drift apart silently.
 */
export const queryKeys = {
  /** Warehouses: the stock page, the product form, the ship dialog and 仓库管理 read them. */
  stores: ['stores'],
  /** The navigation tree: the product list and form, and 分类管理. */
  categories: ['categories'],
  /** Brands with their product counts: the product list and form, and 品牌管理. */
  brands: ['brands'],
} as const;
