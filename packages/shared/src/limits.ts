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

/** Limits of an uploaded spreadsheet, checked while it is read (docs/architecture.md, uploads). */
export interface SheetLimit {
  /** Bytes the parts read from an XLSX (sheet, shared strings, styles) may unpack to. */
  unpackedBytes: number;
  /** Data rows that are not blank (the header row aside). */
  rows: number;
  /** Columns: a non-empty cell further right is refused. */
  columns: number;
  /** Non-empty cells, and entries of an XLSX's shared strings. */
  cells: number;
}

const MB = 1024 * 1024;

/** Per route: a file crossing one is refused at once, before the rest is read. */
export const SHEET_LIMITS = {
  /** The quick-order sheet: three columns of at most 200 lines (the paste box's limit). */
  quickOrder: { unpackedBytes: 8 * MB, rows: 200, columns: 50, cells: 10_000 },
  /**
   * The staff catalogue import: 50,000 rows of the template's 40-odd columns (an export of that
   * size unpacks to about 100 MB; a 30 MB upload of ordinary text to about 230 MB).
   */
  catalogueImport: { unpackedBytes: 256 * MB, rows: 50_000, columns: 200, cells: 2_500_000 },
} as const satisfies Record<string, SheetLimit>;

/** Uploaded pictures: the size is read from the file's header, the picture is never decoded. */
export const IMAGE_LIMITS = {
  /** Pixels of a stored picture: a 5 MB file can hold a picture of a billion pixels. */
  pixels: 40_000_000,
  /** Pixels of the seal the PDFs embed: the PDF writer unpacks a PNG with transparency whole. */
  sealPixels: 4_000_000,
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
