import { toFen, toYuan } from '@labshop/shared';

export interface PricedLine {
  userPrice: number | null;
  /** The contract price the server answers for the line (docs/contract-prices-credit.md). */
  contractPrice?: number | undefined;
  quantity: number;
}

/** What one unit of the line pays: its contract price when the server answers one. */
export const linePrice = (l: PricedLine): number | null => l.contractPrice ?? l.userPrice;

/**
 * Goods total (yuan) of the lines at their prices (contract or member), summed in fen so decimals
 * never drift; null (待确认) when a line has no price; 0 when nothing is chosen. The freight is
 * never computed here: it is the server's (docs/shipping.md, section 3).
 */
export function goodsTotal(lines: readonly PricedLine[]): number | null {
  if (lines.some((l) => linePrice(l) === null)) return null;
  return toYuan(lines.reduce((sum, l) => sum + toFen(linePrice(l) ?? 0) * l.quantity, 0));
}
