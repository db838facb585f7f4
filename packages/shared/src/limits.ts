/** Validation and business limits shared by server and web; one source for both sides. */
export const LIMITS = {
  /** Longest free-text field we accept (remarks, messages, inquiry content). */
  textMax: 2000,
  /** Longest short field (names, company, header, address line). */
  shortMax: 100,
  /** Longest search term; longer input is refused rather than scanned. */
  searchKeyMax: 100,
  /** Largest page size any list call answers. */
  pageSizeMax: 100,
  /** Highest page number a list call accepts (deep paging is refused). */
  pageMax: 10_000,
  /** Largest quantity of one cart line / custom request line. */
  quantityMax: 9999,
  /** Survey name length bounds (docs/product-rules.md section 9). */
  surveyNameMin: 2,
  surveyNameMax: 20,
  /** Password hint length; shown, not enforced (docs/product-rules.md section 5). */
  passwordHintMin: 8,
  /** Longest password accepted after decryption. */
  passwordMax: 64,
  /** Shortest staff password (docs/console.md, "Staff passwords"): staff accounts guard money. */
  staffPasswordMin: 10,
  /** Account names shorter than this are not looked for inside a staff password. */
  staffAccountInPasswordMin: 3,
  /** Largest id: ids are 32-bit integer columns on PostgreSQL, which refuses larger numbers. */
  idMax: 2_147_483_647,
} as const;

/** UI and paging constants of docs/product-rules.md section 9. */
export const UI = {
  requestTimeoutMs: 30_000,
  toastMs: 3000,
  loadingFadeMs: 400,
  codeCountdownS: 59,
  bannerIntervalMs: 8000,
  productCarouselMs: 3000,
  homeCarouselCount: 10,
  homeCarouselStepPx: 250,
  homeCarouselVisible: 5,
  productsPageSize: 20,
  scrollThresholdPx: 200,
  searchPageSize: 20,
  relatedMax: 30,
  literaturePageSize: 10,
  accountListPageSize: 20,
  historySize: 8,
  bannerLinkSize: 1000,
} as const;

/** Link group holding the home banners ('{product}banner', docs/product-rules.md section 3). */
export const BANNER_LINK_GROUP = 'yifanglabbanner';
/** Shop name of the logo, the welcome line and every page title. */
export const SHOP_NAME = '一方标准品商城';
export const HOTLINE = '400-185-8866';
