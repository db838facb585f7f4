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
  /**
   * Stock rows (with their lots) and the movement history: every stock write (adjustment,
   * receipt, transfer, stocktake, shipment) refreshes them.
   */
  stock: ['stock'],
  /** Lots: the lot list, a lot's detail, the stocktake sheet and the dashboard's 效期预警. */
  lots: ['lots'],
  /** Receipts, transfers and stocktakes (docs/lots.md). */
  stockDocuments: ['stock-documents'],
  /** The minimum remaining shelf life at shipping; the ship dialog reads it with the order. */
  shelfLife: ['settings', 'shelf-life'],
  /** What the ship dialog offers: warehouses, counts, lots that may ship, the short-expiry day. */
  orderStocks: ['order-stocks'],
  /** Certificates of analysis: 分析证书 and the lot detail's certificates. */
  coa: ['coa'],
  /**
   * Money routing (站点设置: company, bank account, seal) and its proposed changes: a proposal,
   * a confirmation or a rejection refreshes the values in force and the changes together.
   */
  moneyRouting: ['money-routing'],
} as const;

/** Every key a stock write changes: counts, lots and the documents that wrote them. */
export const stockWriteKeys = [queryKeys.stock, queryKeys.lots, queryKeys.stockDocuments] as const;
