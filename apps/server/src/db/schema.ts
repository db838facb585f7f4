import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types of every table, in camelCase (the CamelCasePlugin maps them to snake_case columns).
 * Money columns hold integer fen; times are epoch milliseconds; flags are 0/1 integers so the
 * same code runs on SQLite and PostgreSQL.
 */
export interface Database {
  categories: CategoryTable;
  brands: BrandTable;
  products: ProductTable;
  productRelations: ProductRelationTable;
  materials: MaterialTable;
  stores: StoreTable;
  materialStocks: MaterialStockTable;
  searchKeys: SearchKeyTable;
  links: LinkTable;
  contents: ContentTable;
  settings: SettingTable;
  /** Proposed money-routing changes awaiting a second staff member (migration 0020). */
  settingChanges: SettingChangeTable;
  /** Files kept in the database: one row per file, its bytes in chunks (migration 0023). */
  fileObjects: FileObjectTable;
  fileChunks: FileChunkTable;
  coaRecords: CoaRecordTable;
  /** Safety data sheets per product and language, every version kept (migration 0024). */
  safetyDataSheets: SafetyDataSheetTable;
  feedbacks: FeedbackTable;
  bulkInquiries: BulkInquiryTable;
  surveyCheckins: SurveyCheckinTable;
  users: UserTable;
  sessions: SessionTable;
  verificationCodes: VerificationCodeTable;
  rateEvents: RateEventTable;
  invoices: InvoiceTable;
  addresses: AddressTable;
  browseHistory: BrowseHistoryTable;
  cartItems: CartItemTable;
  orders: OrderTable;
  orderGoods: OrderGoodsTable;
  deliveries: DeliveryTable;
  deliveryGoods: DeliveryGoodsTable;
  balanceRecords: BalanceRecordTable;
  customized: CustomizedTable;
  customizedGoods: CustomizedGoodsTable;
  searchDocs: SearchDocTable;
  searchGrams: SearchGramTable;
  searchGramStats: SearchGramStatTable;
  searchPhrases: SearchPhraseTable;
  idempotencyKeys: IdempotencyKeyTable;
  orderCarts: OrderCartTable;
  stockMovements: StockMovementTable;
  stockLots: StockLotTable;
  stockDocuments: StockDocumentTable;
  // Console (staff side)
  staff: StaffTable;
  staffSessions: StaffSessionTable;
  auditLogs: AuditLogTable;
  orderPayments: OrderPaymentTable;
  bankTransfers: BankTransferTable;
  // payments (migration 0006)
  paymentTransactions: PaymentTransactionTable;
  paymentRecords: PaymentRecordTable;
  paymentRefunds: PaymentRefundTable;
  orderRefunds: OrderRefundTable;
  jobLeases: JobLeaseTable;
  productStructures: ProductStructureTable;
  structureFingerprints: StructureFingerprintTable;
  structureChanges: StructureChangeTable;
  searchSynonyms: SearchSynonymTable;
  // notifications (migration 0009)
  notificationOutbox: NotificationOutboxTable;
  memberMessages: MemberMessageTable;
  notificationOptOuts: NotificationOptOutTable;
  messageTemplates: MessageTemplateTable;
  inboxReplies: InboxReplyTable;
  // procurement (migration 0010)
  quotes: QuoteTable;
  quoteLines: QuoteLineTable;
  orderFapiaoFiles: OrderFapiaoFileTable;
  fapiaoRequests: FapiaoRequestTable;
  // compliance (migration 0011)
  qualifications: QualificationTable;
  qualificationSubstances: QualificationSubstanceTable;
  qualificationMovements: QualificationMovementTable;
  orderQualifications: OrderQualificationTable;
  salesLedger: SalesLedgerTable;
  explosiveReports: ExplosiveReportTable;
  // staff security (migration 0012)
  staffRecoveryCodes: StaffRecoveryCodeTable;
  staffLoginTickets: StaffLoginTicketTable;
  // organizations (migration 0025)
  organizations: OrganizationTable;
  orgMembers: OrgMemberTable;
  orgBudgets: OrgBudgetTable;
  orgAddresses: OrgAddressTable;
  orgInvoices: OrgInvoiceTable;
  orderApprovals: OrderApprovalTable;
  // punchout (migration 0028)
  punchoutConnections: PunchoutConnectionTable;
  punchoutSessions: PunchoutSessionTable;
  punchoutMessages: PunchoutMessageTable;
  punchoutOrders: PunchoutOrderTable;
  // price lists (migration 0029)
  priceLists: PriceListTable;
  priceListOrgs: PriceListOrgTable;
  priceListLines: PriceListLineTable;
  // credit (migration 0030)
  orgCredits: OrgCreditTable;
  settlements: SettlementTable;
  settlementOrders: SettlementOrderTable;
  // bank statements (migration 0031)
  bankStatements: BankStatementTable;
  bankStatementRows: BankStatementRowTable;
}

export interface CategoryTable {
  id: Generated<number>;
  pid: number;
  title: string;
  url: string;
  model: string;
  summary: string;
  /** JSON list of image paths. */
  images: string;
  sort: number;
  isHot: number;
}

export interface BrandTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface ProductTable {
  id: Generated<number>;
  categoryId: number | null;
  brandId: number | null;
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
  introduction: string;
  cas: string;
  number: string;
  temperature: string;
  molecularWeight: string;
  molecularFormula: string;
  image: string;
  /** JSON list of image paths. */
  images: string;
  control: string;
  mdl: string;
  nationalStandard: string;
  purity: string;
  /** JSON object text of extra attributes. */
  attributes: string;
  summary: string;
  isHot: number;
  isNew: number;
  sort: number;
  createdAt: number;
  updatedAt: number;
  /** 1 on sale; 0 hidden from the storefront (migration 0005). */
  onSale: Generated<number>;
  /** Isomeric SMILES of a single defined substance; null for mixtures and goods (0007). */
  smiles: string | null;
  inchiKey: string | null;
  /** precursor-1 … hazardous (docs/compliance.md); null none (0011). */
  regulationCategory: string | null;
  /** JSON text of the GHS label { pictograms, signalWord, hazardStatements }; null none. */
  ghs: string | null;
  /** JSON text list of every class, strictest first (0021). */
  regulationCategories: Generated<string>;
  /** CAS of a solution's solute, looked up in the lists like the product's own (0021). */
  soluteCas: Generated<string>;
  /** Why the product carries fewer classes than the lists give; '' when it carries all (0021). */
  regulationReason: Generated<string>;
}

export interface ProductRelationTable {
  productId: number;
  relatedId: number;
  sort: number;
}

export interface MaterialTable {
  id: Generated<number>;
  productId: number;
  pack: string;
  /** Market price in fen. */
  price: number | null;
  /** Member price in fen; null means 询价 for members too. */
  userPrice: number | null;
  sort: number;
  /** 1 on sale; 0 hidden and refused by the cart (migration 0005). */
  onSale: Generated<number>;
  /** Net amount read from the pack text: mg or μL (0011); null when it cannot be read. */
  netAmount: number | null;
  /** 'mass' or 'volume'; null with netAmount. */
  netDimension: string | null;
  /** normal | dangerous | cold | frozen (migration 0027, docs/shipping.md). */
  shippingClass: Generated<string>;
  /** UN number and 危险货物类别 of a dangerous pack; '' otherwise. */
  unNumber: Generated<string>;
  hazardClass: Generated<string>;
  /** 货期: days until it ships when out of stock; null: none, so no stock means 库存不足. */
  leadTimeDays: number | null;
}

export interface StoreTable {
  id: Generated<number>;
  name: string;
}

export interface MaterialStockTable {
  materialId: number;
  storeId: number;
  count: number;
}

export interface SearchKeyTable {
  id: Generated<number>;
  keyword: string;
  sort: number;
}

export interface LinkTable {
  id: Generated<number>;
  /** Link group, e.g. the banner group. */
  cid: string;
  title: string;
  img: string;
  url: string;
  sort: number;
  /** 1 shown on the storefront (migration 0005). */
  published: Generated<number>;
}

export interface ContentTable {
  id: Generated<number>;
  cid: number | null;
  /** article | literature | page */
  model: string;
  /** Stable key used in routes such as /article/registerlogin. */
  slug: string | null;
  title: string;
  info: string;
  summary: string;
  top: number;
  /** JSON object text. */
  attributes: string;
  sort: number;
  createdAt: number;
  updatedAt: number;
  /** 1 shown on the storefront (migration 0005). */
  published: Generated<number>;
}

export interface SettingTable {
  key: string;
  /** JSON text. */
  value: string;
}

/**
 * A proposed change of a money-routing setting (migration 0020, docs/console.md "Money
 * routing"): applied to `settings` only when a second staff member confirms it.
 */
export interface SettingChangeTable {
  id: Generated<number>;
  /** 'company' | 'bank' | 'seal'. */
  key: string;
  /** The key while pending, null once decided: one pending change per setting. */
  pendingKey: string | null;
  /** JSON text of the setting when proposed, and of the proposed value. */
  before: string;
  after: string;
  /** 'pending' | 'applied' | 'rejected' | 'withdrawn'. */
  status: string;
  proposedBy: number;
  proposedAt: number;
  decidedBy: number | null;
  decidedAt: number | null;
  /** Why it was rejected ('' otherwise). */
  reason: Generated<string>;
}

export interface CoaRecordTable {
  id: Generated<number>;
  productNumber: string;
  lotNumber: string;
  name: string;
  expire: string;
  /** Path below the served files directory. */
  file: string;
  createdAt: number;
}

export interface SafetyDataSheetTable {
  id: Generated<number>;
  productId: number;
  /** 'zh' or 'en'. */
  language: string;
  version: string;
  /** 修订日期, epoch ms. */
  revisedAt: number;
  /** Path in the private area of the file store. */
  file: string;
  staffId: number;
  createdAt: number;
}

export interface FeedbackTable extends InboxColumns {
  id: Generated<number>;
  contact: string;
  phone: string;
  email: string;
  address: string;
  content: string;
  ip: string;
  createdAt: number;
}

export interface BulkInquiryTable extends InboxColumns {
  id: Generated<number>;
  userId: number | null;
  contact: string;
  phone: string;
  email: string;
  company: string;
  content: string;
  ip: string;
  createdAt: number;
}

export interface SurveyCheckinTable extends InboxColumns {
  id: Generated<number>;
  number: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  dept: string;
  extra: string;
  createdAt: number;
}

export interface UserTable {
  id: Generated<number>;
  /** Phone or email the member registered with. */
  account: string;
  phone: string | null;
  email: string | null;
  passwordHash: string;
  name: string;
  company: string;
  telephone: string;
  avatar: string;
  /** Balance in fen; never negative. */
  balance: number;
  passwordUpdatedAt: number;
  createdAt: number;
  updatedAt: number;
  /** 1 when staff disabled the account (console). */
  disabled: Generated<number>;
}

export interface SessionTable {
  id: Generated<number>;
  userId: number;
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  expiresAt: number;
  renewableUntil: number;
  revokedAt: number | null;
  createdAt: number;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  target: string;
  scene: number;
  codeHash: string;
  expiresAt: number;
  attempts: number;
  consumedAt: number | null;
  createdAt: number;
}

export interface RateEventTable {
  id: Generated<number>;
  key: string;
  createdAt: number;
}

export interface InvoiceTable {
  userId: number;
  invoiceType: number;
  invoiceHeader: string;
  invoiceEmail: string;
  taxpayerNumber: string;
  registerAddress: string;
  registerTelephone: string;
  bankName: string;
  bankAccount: string;
  updatedAt: number;
}

export interface AddressTable {
  id: Generated<number>;
  userId: number;
  name: string;
  phone: string;
  /** JSON text: { province, city, area, town? } each { key, value }. */
  region: string;
  address: string;
  isDefault: number;
  createdAt: number;
  updatedAt: number;
}

export interface BrowseHistoryTable {
  userId: number;
  productId: number;
  viewedAt: number;
}

export interface CartItemTable {
  id: Generated<number>;
  userId: number;
  materialId: number;
  quantity: number;
  createdAt: number;
  updatedAt: number;
}

export interface OrderTable {
  id: Generated<number>;
  number: string;
  userId: number;
  deliveryUsername: string;
  deliveryPhone: string;
  deliveryRegionCode: string;
  deliveryAddress: string;
  /** Goods total in fen; null while a line has no member price (待确认). */
  goodsAmount: number | null;
  freight: number | null;
  amount: number | null;
  count: number;
  status: number;
  payType: number;
  payStatus: number;
  userRemark: string;
  invoiceType: number;
  invoiceCompanyName: string;
  invoiceTaxpayerIdentificationNumber: string;
  invoiceEmail: string;
  invoiceRegisteredAddress: string;
  invoiceRegistrationTelephone: string;
  invoiceDepositBank: string;
  invoiceBankAccountNumber: string;
  transferReference: string;
  paidAt: number | null;
  cancelledAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Fapiao number and issue time, set by staff (console). */
  invoiceNumber: Generated<string>;
  invoiceIssuedAt: number | null;
  cancelReason: Generated<string>;
  /** Fen given back of a balance or bank-transfer order: the sum of its order_refunds (0018). */
  refundedAmount: Generated<number>;
  /** The organization the order was placed for, its budget code and approval (0025). */
  orgId: number | null;
  budgetCode: Generated<string>;
  /** none, pending, approved or rejected (docs/organizations.md). */
  approvalStatus: Generated<string>;
  /** The buyer's purchase order number of a PunchOut order, '' otherwise (0028). */
  poNumber: Generated<string>;
  /** A credit (月结) order's settlement and when it was settled; null while open (0030). */
  settledAt: number | null;
  settlementId: number | null;
}

export interface OrderGoodsTable {
  id: Generated<number>;
  orderId: number;
  productId: number;
  materialId: number;
  name: string;
  number: string;
  brandName: string;
  cas: string;
  pack: string;
  image: string;
  /** Member price in fen at order time; null when the line had none. */
  price: number | null;
  quantityPurchase: number;
  /** The buyer's stated use of the line (易制爆, docs/compliance.md); '' none (0021). */
  purpose: Generated<string>;
  /** Which price the line paid: member, contract or quote; null on lines stored before 0029. */
  priceSource: string | null;
}

/** A contract price list (docs/contract-prices-credit.md section 1); validUntil is included. */
export interface PriceListTable {
  id: Generated<number>;
  name: string;
  validFrom: number;
  validUntil: number;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

/** The organizations a price list applies to. */
export interface PriceListOrgTable {
  listId: number;
  orgId: number;
}

/** One tier of a pack on a list: from minQuantity on, price in fen. */
export interface PriceListLineTable {
  id: Generated<number>;
  listId: number;
  materialId: number;
  price: number;
  minQuantity: number;
}

export interface DeliveryTable {
  id: Generated<number>;
  orderId: number;
  company: string;
  trackingNumber: string;
  /** JSON text list of { context, ftime }. */
  track: string;
  createdAt: number;
  /** 1: staff confirmed shipping a lot short of the minimum shelf life (migration 0016). */
  shortExpiryConfirmed: Generated<number>;
  /**
   * When staff cancelled the package (撤销发货, migration 0016); null while it stands. A cancelled
   * package's units went back to their lots and it no longer counts as shipped.
   */
  cancelledAt: number | null;
  cancelReason: Generated<string>;
  /** The staff member who cancelled it. */
  cancelledBy: number | null;
  /** 经办人 of a regulated package and their ID card number (migration 0022). */
  handlerName: Generated<string>;
  handlerIdNumber: Generated<string>;
}

export interface DeliveryGoodsTable {
  id: Generated<number>;
  deliveryId: number;
  orderGoodsId: number;
  quantityShipped: number;
  /** JSON text list of { storeId, storeName, materialCount }. */
  stocks: string;
  /** The lot shipped (one row per lot, migration 0016); null for packages shipped before. */
  lotNumber: string | null;
  expire: string | null;
}

export interface BalanceRecordTable {
  id: Generated<number>;
  userId: number;
  type: number;
  business: number;
  /** Amount in fen, always positive; type tells the direction. */
  amount: number;
  balanceAfter: number;
  remark: string;
  orderId: number | null;
  createdAt: number;
}

export interface CustomizedTable extends InboxColumns {
  id: Generated<number>;
  userId: number;
  company: string;
  contact: string;
  phone: string;
  /** Left by visitors (members are reached through their account). */
  email: Generated<string>;
  content: string;
  remark: string;
  status: number;
  createdAt: number;
  updatedAt: number;
  /** The staff's answer, shown to the member. */
  reply: Generated<string>;
}

export interface CustomizedGoodsTable {
  id: Generated<number>;
  customizedId: number;
  name: string;
  cas: string;
  pack: string;
  /** Expected delivery time in days. */
  expectDeliveryTime: number;
  quantity: number;
}

/** Search index (domains/search): derived from products, rebuilt by rebuildSearchIndex. */
export interface SearchDocTable {
  productId: number;
  /** 0 when the product has no brand. */
  brandId: number;
  /** Item number, normalized (NFKC, lower case). */
  numberKey: string;
  /** CAS digits only, so 50-00-0, 50000 and ５０－００－０ meet. */
  casKey: string;
  /** Normalized text with word starts marked (see search.text.ts). */
  nameText: string;
  nameEnText: string;
  bodyText: string;
  /** Normalized titles of the category and its ancestors, one per line. */
  categoryText: string;
}

export interface SearchGramTable {
  gram: string;
  brandId: number;
  /** 2 name prefix, 3 other text match, 4 category title only. */
  rank: number;
  productId: number;
}

export interface SearchGramStatTable {
  gram: string;
  brandId: number;
  hits: number;
}

export interface SearchPhraseTable {
  phrase: string;
}

/** Hardening (migration 0003): idempotent requests and repeated order submissions. */
export interface IdempotencyKeyTable {
  /** SHA-256 of the caller and the client's Idempotency-Key. */
  id: string;
  /** SHA-256 of the route, parameters and body: a key cannot be reused for another request. */
  fingerprint: string;
  /** null while the first request runs. */
  statusCode: number | null;
  /** The first answer, encrypted with a key derived from the client's key. */
  answer: Generated<string>;
  createdAt: number;
}

export interface OrderCartTable {
  userId: number;
  /** The order's cart line ids, sorted and joined with commas. */
  cartKey: string;
  orderId: number;
  createdAt: number;
}

// ---- catalogue writes (migration 0005) ----------------------------------------------------------

/** Why a stock figure changed. */
export type StockReason =
  | 'received'
  | 'counted'
  | 'damaged'
  | 'shipment'
  | 'shipment-cancelled'
  | 'transfer-out'
  | 'transfer-in';

/** One change of a pack's stock in one warehouse; the history of the stock page. */
export interface StockMovementTable {
  id: Generated<number>;
  materialId: number;
  storeId: number;
  /** Signed change of the count. */
  change: number;
  countAfter: number;
  reason: StockReason;
  remark: string;
  staffId: number | null;
  orderId: number | null;
  /** The package a shipment's movement took the stock for (migration 0008). */
  deliveryId: number | null;
  /** The lot the units came from or went to (migration 0016; 未分批 before it). */
  lotNumber: string;
  /** The receipt, transfer or stocktake that wrote it (migration 0016). */
  documentId: number | null;
  createdAt: number;
}

/** Stock of one lot of a pack in one warehouse (migration 0016, docs/lots.md). */
export interface StockLotTable {
  materialId: number;
  storeId: number;
  lotNumber: string;
  /** YYYY-MM-DD, the last day of use; null when unknown (未分批). */
  expire: string | null;
  quantity: number;
  createdAt: number;
}

export type StockDocumentKind = 'receipt' | 'transfer' | 'stocktake';

/** A receipt, transfer or stocktake; its lines are the movements naming it. */
export interface StockDocumentTable {
  id: Generated<number>;
  kind: StockDocumentKind;
  storeId: number;
  /** Transfers: the receiving warehouse. */
  toStoreId: number | null;
  supplier: string;
  remark: string;
  staffId: number | null;
  createdAt: number;
}

/** Console (staff side): staff accounts, their sessions, the audit log, staff-recorded money. */
export interface StaffTable {
  id: Generated<number>;
  account: string;
  name: string;
  passwordHash: string;
  /** Comma-separated role names (packages/shared/src/permissions.ts). */
  roles: string;
  disabled: number;
  createdAt: number;
  updatedAt: number;
  /** Base32 TOTP secret in use; null while two-factor login is off (0012). */
  totpSecret: string | null;
  /** A secret shown for enrolment and not yet confirmed with a code (0012). */
  totpPendingSecret: string | null;
  totpEnabledAt: number | null;
  /** The last 30-second step a code was accepted for, so no code works twice (0012). */
  totpLastStep: Generated<number>;
}

/** A one-time recovery code of a staff member's two-factor login, stored hashed (0012). */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staffId: number;
  /** SHA-256 of the normalised code. */
  codeHash: string;
  usedAt: number | null;
  createdAt: number;
}

/** The second step of a staff login: the password was right, the code is still to come (0012). */
export interface StaffLoginTicketTable {
  id: Generated<number>;
  staffId: number;
  /** SHA-256 of the ticket. */
  ticketHash: string;
  expiresAt: number;
  failures: Generated<number>;
  usedAt: number | null;
  createdAt: number;
}

export interface StaffSessionTable {
  id: Generated<number>;
  staffId: number;
  /** SHA-256 of the token. */
  tokenHash: string;
  /** Slides forward with every request; a session idle past it has expired. */
  expiresAt: number;
  /** Hard end of the session however active it is. */
  maxUntil: number;
  revokedAt: number | null;
  createdAt: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  staffId: number;
  action: string;
  /** What was written, e.g. order:12, member:3. */
  target: string;
  /** JSON text. */
  before: string;
  after: string;
  createdAt: number;
}

export interface OrderPaymentTable {
  id: Generated<number>;
  orderId: number;
  /** 1 transfer received, 2 refund. */
  kind: number;
  payType: number;
  /** Fen. */
  amount: number;
  reference: string;
  staffId: number;
  createdAt: number;
  /** 1: recorded although the statement's note did not match (migration 0017). */
  override: Generated<number>;
  overrideReason: Generated<string>;
  /** The transfer that paid this order with others, or null. */
  bankTransferId: number | null;
}

/** One received bank transfer that paid several orders (docs/payments.md, "Bank transfers"). */
export interface BankTransferTable {
  id: Generated<number>;
  /** Fen. */
  amount: number;
  reference: string;
  payer: string;
  staffId: number;
  createdAt: number;
}

/** Handling columns the console adds to each inbox table. */
export interface InboxColumns {
  /** 1 new, 2 in progress, 3 done. */
  handleStatus: Generated<number>;
  staffRemark: Generated<string>;
  assigneeId: number | null;
}

// Payments (migration 0006)

/** A payment opened with a gateway for an order; state 'open', 'paid' or 'closed'. */
export interface PaymentTransactionTable {
  id: Generated<number>;
  orderId: number;
  payType: number;
  /** 'native' or 'h5' (WeChat), 'page' or 'wap' (Alipay). */
  channel: string;
  outTradeNo: string;
  /** Amount asked of the gateway, in fen. */
  amount: number;
  state: string;
  gatewayTradeNo: string;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One gateway call or notification, raw, with whether its signature verified. */
export interface PaymentRecordTable {
  id: Generated<number>;
  orderId: number | null;
  payType: number;
  /** prepay, query, close, refund, refund_query, notify, refund_notify. */
  kind: string;
  outTradeNo: string;
  verified: number;
  /** What the shop made of it (paid, duplicate, amount_mismatch, ...). */
  outcome: string;
  payload: string;
  createdAt: number;
}

/** A refund through a gateway; state 'requested' (not sent yet), 'pending', 'success' or 'failed'. */
export interface PaymentRefundTable {
  id: Generated<number>;
  orderId: number;
  payType: number;
  outTradeNo: string;
  outRefundNo: string;
  amount: number;
  state: string;
  reason: string;
  staffId: number | null;
  gatewayRefundId: string;
  createdAt: number;
  completedAt: number | null;
  /** 1: the refund of a payment that paid nothing of the order (migration 0019). */
  stray: number;
}

/** Money given back of a balance or bank-transfer order, in part or by a cancel (migration 0018). */
export interface OrderRefundTable {
  id: Generated<number>;
  orderId: number;
  payType: number;
  /** Fen. */
  amount: number;
  reason: string;
  staffId: number;
  createdAt: number;
}

/** Scheduled job: whoever moves next_run_at forward first runs it. */
export interface JobLeaseTable {
  name: string;
  nextRunAt: number;
  holder: string;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
}

/** Structure and formula search (domains/chemistry, 0007): derived by the search indexer. */
export interface ProductStructureTable {
  productId: number;
  /** Hill formula of the whole product, salts and solvates included; '' without a formula. */
  hill: string;
  /** Hill formula of the largest part (the parent without counter-ions or water). */
  hillMain: string;
  weight: number | null;
  /** OpenChemLib idcode of the structure; null without one. */
  idcode: string | null;
}

/** The screening fingerprint of each distinct structure (domains/chemistry/fingerprint.ts, 0032). */
export interface StructureFingerprintTable {
  idcode: string;
  /** 2048 bits, 256 bytes. */
  fingerprint: Uint8Array;
}

/** Products whose structure row changed since the last full rebuild, in order (0032). */
export interface StructureChangeTable {
  id: Generated<number>;
  productId: number;
}

/** A word buyers type and what the catalogue calls it (ACN -> 乙腈); staff extend the list. */
export interface SearchSynonymTable {
  term: string;
  expansion: string;
}

/** One email or SMS to send (domains/notifications, docs/notifications.md). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  event: string;
  /** 'email' or 'sms'. */
  channel: string;
  /** 'member', 'staff' (STAFF_NOTIFY_EMAIL, resolved when sent) or 'contact' (an inquirer). */
  audience: string;
  userId: number | null;
  recipient: string;
  subject: string;
  body: string;
  /** Path in the storefront the message points at ('' for none). */
  link: string;
  /** JSON of the placeholders the text was rendered from (SMS templates take them). */
  params: string;
  /** pending, sending, sent, failed or skipped. */
  state: string;
  attempts: number;
  nextAttemptAt: number;
  leaseUntil: number | null;
  claimedBy: string;
  lastError: string;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

export interface MemberMessageTable {
  id: Generated<number>;
  userId: number;
  event: string;
  title: string;
  content: string;
  link: string;
  readAt: number | null;
  createdAt: number;
}

export interface NotificationOptOutTable {
  userId: number;
  event: string;
}

export interface MessageTemplateTable {
  event: string;
  subject: string;
  body: string;
  sms: string;
  staffId: number | null;
  updatedAt: number;
}

export interface InboxReplyTable {
  id: Generated<number>;
  /** 'messages' or 'inquiries'. */
  kind: string;
  itemId: number;
  staffId: number;
  email: string;
  content: string;
  createdAt: number;
}

// ---- compliance (migration 0011, docs/compliance.md) ------------------------------------------

export interface QualificationTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  number: string;
  holder: string;
  /** YYYY-MM-DD, last valid day (China time). */
  validUntil: string;
  /** pending, approved or rejected; expired is derived from validUntil. */
  status: string;
  reason: Generated<string>;
  /** Path below DATA_DIR/private. */
  file: string;
  fileType: string;
  fileName: Generated<string>;
  /** The organization the document belongs to, null for the member's own (0025). */
  orgId: Generated<number | null>;
  reviewedBy: number | null;
  reviewedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface QualificationSubstanceTable {
  id: Generated<number>;
  qualificationId: number;
  cas: string;
  /** g, kg, mL or L: the unit the document states. */
  unit: string;
  /** Granted and left, in mg or μL. */
  quantity: number;
  remaining: number;
}

export interface QualificationMovementTable {
  id: Generated<number>;
  qualificationId: number;
  substanceId: number;
  orderId: number;
  orderGoodsId: number;
  /** Signed, mg or μL. */
  change: number;
  remainingAfter: number;
  /** order or cancel */
  reason: string;
  createdAt: number;
}

export interface OrderQualificationTable {
  orderGoodsId: number;
  qualificationId: number;
  orderId: number;
}

/** 销售台账: append-only (database triggers refuse updates and deletes). */
export interface SalesLedgerTable {
  id: Generated<number>;
  shippedAt: number;
  orderId: number;
  orderNumber: string;
  deliveryId: number;
  orderGoodsId: number;
  productId: number;
  productName: string;
  cas: Generated<string>;
  category: string;
  pack: Generated<string>;
  count: number;
  netAmount: number | null;
  netDimension: string | null;
  buyerUserId: number;
  buyerCompany: Generated<string>;
  consignee: Generated<string>;
  consigneePhone: Generated<string>;
  address: Generated<string>;
  documentId: number | null;
  documentKind: Generated<string>;
  documentNumber: Generated<string>;
  documentFile: Generated<string>;
  staffId: number;
  staffName: Generated<string>;
  /** The lots shipped, e.g. "20250312×2、20260108×1" (migration 0016); empty before lots. */
  lots: Generated<string>;
  /** Every class of the product when shipped, comma-separated (migration 0022); empty before. */
  categories: Generated<string>;
  /** Province, city and district names of the address (migration 0022); empty before. */
  region: Generated<string>;
  /** The buyer's 统一社会信用代码 and registered address (migration 0022). */
  buyerCreditCode: Generated<string>;
  buyerRegisteredAddress: Generated<string>;
  /** The buyer's stated use of the line (易制爆), empty where none was asked. */
  purpose: Generated<string>;
  carrier: Generated<string>;
  trackingNumber: Generated<string>;
  /** 经办人 of the package: who collected or received it, and their ID card number. */
  handlerName: Generated<string>;
  handlerIdNumber: Generated<string>;
}

/** A ledger row of 易制爆 reported to the public security bureau (migration 0022). */
export interface ExplosiveReportTable {
  ledgerId: number;
  reportedAt: number;
  staffId: number;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;

/** A quote (报价单); docs/procurement.md section 3. */
export interface QuoteTable {
  id: Generated<number>;
  number: string;
  userId: number;
  /** requested | quoted | ordered */
  status: string;
  inquiryId: number | null;
  remark: Generated<string>;
  staffRemark: Generated<string>;
  validUntil: number | null;
  orderId: number | null;
  quotedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface QuoteLineTable {
  id: Generated<number>;
  quoteId: number;
  materialId: number;
  productId: number;
  name: string;
  number: string;
  brandName: string;
  cas: string;
  pack: string;
  /** Member price in fen when the quote was asked for; null for 询价. */
  listPrice: number | null;
  /** Quoted price in fen; null until staff price the quote. */
  unitPrice: number | null;
  quantity: number;
}

export interface OrderFapiaoFileTable {
  orderId: number;
  /** Path below DATA_DIR/private. */
  file: string;
  /** pdf | ofd */
  kind: string;
  staffId: number;
  createdAt: number;
}

export interface FapiaoRequestTable {
  orderId: number;
  userId: number;
  invoiceType: number;
  title: Generated<string>;
  taxpayerNumber: Generated<string>;
  email: Generated<string>;
  createdAt: number;
  handledAt: number | null;
}

export interface FileObjectTable {
  id: Generated<number>;
  /** files/... or private/..., the path it would have below DATA_DIR. */
  key: string;
  size: number;
  type: string;
  /** Hex SHA-256 of the bytes; set when complete. */
  sha256: string;
  /** 1 once every chunk is in; readers see complete rows only. */
  complete: number;
  createdAt: number;
}

export interface FileChunkTable {
  objectId: number;
  /** 0, 1, 2, … in the order of the bytes. */
  seq: number;
  data: Buffer;
}

/** A buyer's procurement system allowed to punch out (docs/punchout.md). */
export interface PunchoutConnectionTable {
  id: Generated<number>;
  orgId: number;
  /** cxml | oci */
  protocol: string;
  fromDomain: string;
  /** cXML From/Sender identity; OCI USERNAME. */
  fromIdentity: string;
  /** scrypt hash of the shared secret (OCI PASSWORD); the secret is never stored. */
  secretHash: string;
  /** JSON list of the hosts a returned cart may be posted to. */
  allowedReturnHosts: string;
  /** The member account the connection's sessions shop as. */
  memberId: number;
  enabled: Generated<number>;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

export interface PunchoutSessionTable {
  id: Generated<number>;
  connectionId: number;
  /** SHA-256 of the one-time start link's token. */
  tokenHash: string;
  expiresAt: number;
  /** Set when the start link is followed (once). */
  startedAt: number | null;
  /** The member session the start link opened. */
  memberSessionId: number | null;
  /** create | edit */
  operation: string;
  buyerCookie: string;
  /** BrowserFormPost URL (cXML) or HOOK_URL (OCI). */
  returnUrl: string;
  contactEmail: string;
  /** JSON of the lines returned (the last return). */
  returnedCart: string | null;
  returnedAt: number | null;
  createdAt: number;
}

export interface PunchoutMessageTable {
  id: Generated<number>;
  connectionId: number | null;
  sessionId: number | null;
  /** in | out */
  direction: string;
  kind: string;
  status: number;
  /** The document or form as sent, secrets masked. */
  body: string;
  createdAt: number;
}

export interface PunchoutOrderTable {
  id: Generated<number>;
  connectionId: number;
  poNumber: string;
  orderId: number;
  /** JSON of the OrderRequest's ShipTo and BillTo addresses. */
  shipTo: string;
  billTo: string;
  createdAt: number;
}

/** A lab or company buying together (docs/organizations.md). */
export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  /** 统一社会信用代码, '' when not given. */
  uscc: Generated<string>;
  verified: Generated<number>;
  verifyReason: Generated<string>;
  verifiedBy: number | null;
  verifiedAt: number | null;
  /** Fen; null: no approval by amount, 0: every order. */
  approvalOver: number | null;
  regulatedNeedsSafety: Generated<number>;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

export interface OrgMemberTable {
  orgId: number;
  userId: number;
  /** buyer, approver, safety or admin */
  role: string;
  createdAt: number;
}

/** 经费卡: `used` moves by one guarded statement, never past `amount`. */
export interface OrgBudgetTable {
  id: Generated<number>;
  orgId: number;
  code: string;
  name: string;
  amount: number;
  used: Generated<number>;
  validFrom: number;
  validUntil: number;
  createdAt: number;
  updatedAt: number;
}

export interface OrgAddressTable {
  id: Generated<number>;
  orgId: number;
  name: string;
  phone: string;
  /** JSON text as addresses.region. */
  region: string;
  address: string;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

export interface OrgInvoiceTable {
  orgId: number;
  invoiceType: number;
  invoiceHeader: string;
  invoiceEmail: string;
  taxpayerNumber: string;
  registerAddress: string;
  registerTelephone: string;
  bankName: string;
  bankAccount: string;
  updatedAt: number;
}

/** One step an organization's order waits for: an approver's or a safety member's decision. */
export interface OrderApprovalTable {
  id: Generated<number>;
  orderId: number;
  orgId: number;
  /** approver or safety */
  role: string;
  /** pending, approved or rejected */
  decision: string;
  userId: number | null;
  remark: Generated<string>;
  decidedAt: number | null;
  createdAt: number;
}

/** An organization's credit (月结): the row a credit order locks first (docs/contract-prices-credit.md). */
export interface OrgCreditTable {
  id: Generated<number>;
  orgId: number;
  /** Fen; 0: no credit. */
  creditLimit: number;
  termDays: number;
  updatedBy: number;
  createdAt: number;
  updatedAt: number;
}

/** A payment finance recorded that settled credit orders. */
export interface SettlementTable {
  id: Generated<number>;
  orgId: number;
  amount: number;
  reference: string;
  staffId: number;
  createdAt: number;
}

/** The orders a settlement settled: an order in one at most. */
export interface SettlementOrderTable {
  settlementId: number;
  orderId: number;
  amount: number;
}

/** An imported bank statement (docs/contract-prices-credit.md section 5). */
export interface BankStatementTable {
  id: Generated<number>;
  fileName: string;
  staffId: number;
  createdAt: number;
  rowCount: number;
  matchedCount: number;
}

/** One row of an imported statement, its match or the reason for none, and its confirmation. */
export interface BankStatementRowTable {
  id: Generated<number>;
  statementId: number;
  rowNumber: number;
  date: number | null;
  /** Fen; negative for money going out; null when unreadable. */
  amount: number | null;
  payerName: string;
  payerAccount: string;
  memo: string;
  matchedOrderId: number | null;
  /** reference or amountAndName; '' when unmatched. */
  matchedBy: string;
  reason: string;
  /** Set once, by the confirmation; unique, so an order is confirmed by one row at most. */
  confirmedOrderId: number | null;
  confirmedAt: number | null;
  confirmedBy: number | null;
}
