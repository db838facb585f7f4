/** Money travels as yuan numbers with two decimals and is stored as integer fen. */
export const toFen = (yuan: number): number => Math.round(yuan * 100);
export const toYuan = (fen: number): number => Math.round(fen) / 100;

/** Freight: 20 yuan when the goods total is below 1000 yuan, otherwise 0 (docs/product-rules.md section 9). */
export const FREIGHT_FEN = 2000;
export const FREE_FREIGHT_FROM_FEN = 100_000;
export const freightFen = (goodsFen: number): number =>
  goodsFen < FREE_FREIGHT_FROM_FEN ? FREIGHT_FEN : 0;

/** '￥12.50', or 询价 when there is no price. */
export function formatPrice(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return '询价';
  return `￥${yuan.toFixed(2)}`;
}

/** Text shown for a total stock figure; the search page and product page differ above 50. */
export function stockLabel(total: number, page: 'search' | 'product'): string {
  if (total <= 0) return '订购';
  if (total < 50) return '< 50';
  return page === 'search' ? '> 50' : '现货';
}
