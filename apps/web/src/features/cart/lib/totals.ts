import { freightFen, toFen, toYuan } from '@labshop/shared';

export interface PricedLine {
  userPrice: number | null;
  quantity: number;
}

/** Yuan figures; null everywhere (待确认) when a line has no member price. */
export interface Totals {
  goods: number | null;
  freight: number | null;
  payable: number | null;
}

/**
 * Goods total at member prices, freight and payable of the chosen lines, summed in fen so
 * decimals never drift. Nothing chosen costs nothing, freight included.
 */
export function cartTotals(lines: readonly PricedLine[]): Totals {
  if (lines.length === 0) return { goods: 0, freight: 0, payable: 0 };
  if (lines.some((l) => l.userPrice === null)) return { goods: null, freight: null, payable: null };
  const goods = lines.reduce((sum, l) => sum + toFen(l.userPrice ?? 0) * l.quantity, 0);
  const freight = freightFen(goods);
  return { goods: toYuan(goods), freight: toYuan(freight), payable: toYuan(goods + freight) };
}
