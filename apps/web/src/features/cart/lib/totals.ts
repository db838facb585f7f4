import { freightFen, toFen, toYuan } from '@labshop/shared';

export interface PricedLine {
  userPrice: number | null;
  /** The contract price the server answers for the line (docs/contract-prices-credit.md). */
  contractPrice?: number | undefined;
  quantity: number;
}

/** What one unit of the line pays: its contract price when the server answers one. */
export const linePrice = (l: PricedLine): number | null => l.contractPrice ?? l.userPrice;

/** Yuan figures; null everywhere (待确认) when a line has no member price. */
export interface Totals {
  goods: number | null;
  freight: number | null;
  payable: number | null;
}

/**
 * Goods total at the lines' prices (contract or member), freight and payable of the chosen lines, summed in fen so
 * decimals never drift. Nothing chosen costs nothing, freight included.
 */
export function cartTotals(lines: readonly PricedLine[]): Totals {
  if (lines.length === 0) return { goods: 0, freight: 0, payable: 0 };
  if (lines.some((l) => linePrice(l) === null))
    return { goods: null, freight: null, payable: null };
  const goods = lines.reduce((sum, l) => sum + toFen(linePrice(l) ?? 0) * l.quantity, 0);
  const freight = freightFen(goods);
  return { goods: toYuan(goods), freight: toYuan(freight), payable: toYuan(goods + freight) };
}
