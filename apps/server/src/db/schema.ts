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
  coaRecords: CoaRecordTable;
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
  productStructures: ProductStructureTable;
  searchSynonyms: SearchSynonymTable;
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
  /** Isomeric SMILES of a single defined substance; null for mixtures and goods (0007). */
  smiles: string | null;
  inchiKey: string | null;
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
}

export interface SettingTable {
  key: string;
  /** JSON text. */
  value: string;
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

export interface FeedbackTable {
  id: Generated<number>;
  contact: string;
  phone: string;
  email: string;
  address: string;
  content: string;
  ip: string;
  createdAt: number;
}

export interface BulkInquiryTable {
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

export interface SurveyCheckinTable {
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
}

export interface DeliveryTable {
  id: Generated<number>;
  orderId: number;
  company: string;
  trackingNumber: string;
  /** JSON text list of { context, ftime }. */
  track: string;
  createdAt: number;
}

export interface DeliveryGoodsTable {
  id: Generated<number>;
  deliveryId: number;
  orderGoodsId: number;
  quantityShipped: number;
  /** JSON text list of { storeId, storeName, materialCount }. */
  stocks: string;
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

export interface CustomizedTable {
  id: Generated<number>;
  userId: number;
  company: string;
  contact: string;
  phone: string;
  content: string;
  remark: string;
  status: number;
  createdAt: number;
  updatedAt: number;
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

/** Search index (features/search): derived from products, rebuilt by rebuildSearchIndex. */
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

/** Structure and formula search (features/chemistry, 0007): derived by the search indexer. */
export interface ProductStructureTable {
  productId: number;
  /** Hill formula of the whole product, salts and solvates included; '' without a formula. */
  hill: string;
  /** Hill formula of the largest part (the parent without counter-ions or water). */
  hillMain: string;
  weight: number | null;
  /** OpenChemLib idcode of the structure; null without one. */
  idcode: string | null;
  /** OpenChemLib 512-bit fragment index as 128 hex digits. */
  fragmentIndex: string | null;
}

/** A word buyers type and what the catalogue calls it (ACN -> 乙腈); staff extend the list. */
export interface SearchSynonymTable {
  term: string;
  expansion: string;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
