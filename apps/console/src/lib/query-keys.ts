/**
 * The console's query keys, in one place (docs/console.md, "Data layer"). Reads and the writes
 * that invalidate them name the same key, so a save always refreshes what shows its data; a key
 * written inline in two files could drift apart silently, so the linter refuses an array written
 * as a `queryKey` anywhere else (eslint.config.js, the console section).
 *
 * A plain key is also the prefix of the keys below it: invalidating `orders` refreshes every
 * order list, `order` every order's detail and payments.
 */

type Params = Record<string, unknown>;

export const queryKeys = {
  /** Warehouses: the stock page, the product form, the ship dialog and 仓库管理 read them. */
  stores: ['stores'],
  /** The navigation tree: the product list and form, and 分类管理. */
  categories: ['categories'],
  /** Brands with their product counts: the product list and form, and 品牌管理. */
  brands: ['brands'],
  /** The administrative divisions (region names of an order, the city filter). */
  divisions: ['divisions'],

  /**
   * Stock rows (with their lots) and the movement history: every stock write (adjustment,
   * receipt, transfer, stocktake, shipment) refreshes them.
   */
  stock: ['stock'],
  stockList: (params: Params) => ['stock', params],
  movements: (params: Params) => ['stock', 'movements', params],
  /** Lots: the lot list, a lot's detail, the stocktake sheet and the dashboard's 效期预警. */
  lots: ['lots'],
  lotList: (params: Params) => ['lots', 'list', params],
  lotsOfStore: (storeId: number | string | undefined) => ['lots', 'warehouse', storeId],
  lot: (materialId: number | undefined, lotNumber: string | undefined) => [
    'lots',
    'detail',
    materialId,
    lotNumber,
  ],
  expiringLots: ['lots', 'expiring'],
  /** Receipts, transfers and stocktakes (docs/lots.md). */
  stockDocuments: ['stock-documents'],
  stockDocumentList: (params: Params) => ['stock-documents', 'list', params],
  stockDocument: (id: number) => ['stock-documents', id],
  /** The minimum remaining shelf life at shipping; the ship dialog reads it with the order. */
  shelfLife: ['settings', 'shelf-life'],
  /** Certificates of analysis: 分析证书 and the lot detail's certificates. */
  coa: ['coa'],
  coaList: (params: Params) => ['coa', params],

  /** Every order list (订单管理, filtered). */
  orders: ['orders'],
  orderList: (filters: Params) => ['orders', filters],
  /** Every order's detail and payments. */
  order: ['order'],
  orderDetail: (id: number) => ['order', id],
  orderPayments: (id: number) => ['order', id, 'payments'],
  /** What the ship dialog offers: warehouses, counts, lots that may ship, the short-expiry day. */
  orderStocks: ['order-stocks'],
  orderStocksOf: (id: number) => ['order-stocks', id],
  /** The order's lines that ship with a safety label (the ship dialog's 打印安全标签). */
  orderLabels: (id: number) => ['order-stocks', id, 'labels'],
  /** The order's packages by shipping class and the carriers each may go with (the ship dialog). */
  orderPackages: (id: number) => ['order-stocks', id, 'packages'],
  /** The start page's figures; what waits for compliance beside the menu reads the same answer. */
  dashboard: ['dashboard'],
  fapiaoRequests: (filters: Params) => ['fapiao-requests', filters],

  quotes: ['quotes'],
  quoteList: (filters: Params) => ['quotes', filters],
  quote: (id: number) => ['quote', id],
  /** Packs found for a quote made from a bulk inquiry. */
  quotePacks: (key: string) => ['quote-packs', key],

  members: ['members'],
  memberList: (params: Params) => ['members', params],
  member: (id: number) => ['member', id],

  products: ['products'],
  productList: (params: Params) => ['products', params],
  product: ['product'],
  productDetail: (id: number) => ['product', id],
  /** A product's safety data sheets, every version (the product form's SDS section). */
  productSds: (id: number) => ['product', id, 'sds'],

  /** Members' documents (资质文件) and their review. */
  qualifications: ['qualifications'],
  qualificationList: (params: Params) => ['qualifications', params],
  qualification: ['qualification'],
  qualificationDetail: (id: number | null) => ['qualification', id],
  qualificationFile: (id: number | null) => ['qualification-file', id],
  /** The sales ledger of regulated goods (销售台账). */
  ledger: (params: Params) => ['ledger', params],
  explosiveReport: ['explosive-report'],

  inbox: (kind: string) => ['inbox', kind],
  inboxList: (kind: string, params: Params) => ['inbox', kind, params],
  inboxReplies: (kind: string, id: number | null) => ['inbox-replies', kind, id],

  contents: ['contents'],
  contentList: (params: Params) => ['contents', params],
  links: ['links'],
  messageTemplates: ['message-templates'],
  outbox: ['outbox'],
  outboxList: (params: Params) => ['outbox', params],
  searchSynonyms: ['search-synonyms'],
  searchKeys: ['search-keys'],
  licences: ['licences'],
  /** The 24-hour emergency phone printed on safety labels (站点设置 > 安全标签). */
  emergencyPhone: ['settings', 'emergency-phone'],
  /** The freight rules per shipping class (运输类别); the ship dialog's carriers follow them. */
  shippingRules: ['settings', 'shipping-classes'],

  /**
   * Money routing (站点设置: company, bank account, seal) and its proposed changes: a proposal,
   * a confirmation or a rejection refreshes the values in force and the changes together.
   */
  moneyRouting: ['money-routing'],
  moneySetting: (key: string) => ['money-routing', key],
  settingChanges: ['money-routing', 'changes'],
  settingChangesOf: (key: string) => ['money-routing', 'changes', key],

  /** PunchOut connections (采购系统对接) and the messages each one sent and received. */
  punchoutConnections: ['punchout', 'connections'],
  punchoutMessages: (connectionId: number) => ['punchout', 'messages', connectionId],
  /** Organizations as the connection form's select offers them. */
  orgOptions: (keyword: string) => ['org-options', keyword],

  /** 合同价: the price lists and each one's detail (docs/contract-prices-credit.md). */
  priceLists: ['price-lists'],
  priceListList: (params: Params) => ['price-lists', params],
  priceList: (id: number) => ['price-lists', 'detail', id],
  /** An organization's credit terms, statements and settlements (单位客户, docs/contract-prices-credit.md). */
  staffOrgs: ['staff-orgs'],
  staffOrgList: (params: Params) => ['staff-orgs', params],
  staffOrg: (id: number) => ['staff-orgs', 'detail', id],
  orgStatement: (id: number, month: string) => ['staff-orgs', 'statement', id, month],
  orgCredit: (id: number) => ['staff-orgs', 'credit', id],
  /** Imported bank statements (银行流水), the list and each one's matches. */
  bankStatements: ['bank-statements'],
  bankStatementList: (params: Params) => ['bank-statements', params],
  bankStatement: (id: number) => ['bank-statements', 'detail', id],

  staff: ['staff'],
  staffList: (params: Params) => ['staff', params],
  /** Staff as an assignee select offers them (inbox). */
  staffOptions: ['staff-options'],
  audit: (params: Params) => ['audit', params],
  /** The signed-in staff member's own two-factor state. */
  twoFactor: ['two-factor'],
} as const;

/** Every key a stock write changes: counts, lots and the documents that wrote them. */
export const stockWriteKeys = [queryKeys.stock, queryKeys.lots, queryKeys.stockDocuments] as const;
