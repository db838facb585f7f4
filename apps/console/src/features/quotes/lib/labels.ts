import type { QuoteStatus } from '@labshop/shared/schemas';

export const QUOTE_STATUS_COLOR: Record<QuoteStatus, string> = {
  requested: 'orange',
  quoted: 'blue',
  ordered: 'green',
};

/** Money in yuan with ￥ and two decimals; -- while not priced. */
export const yuan = (v: number | null | undefined) =>
  v === null || v === undefined ? '--' : `￥${v.toFixed(2)}`;

/**
 * The quoted price against the list (member) price: 九折 style as buyers read discounts, or
 * 加价 when above the list price; empty when either is missing.
 */
export function discountLabel(unit: number | null | undefined, list: number | null): string {
  if (unit === null || unit === undefined || list === null || list <= 0) return '';
  const ratio = unit / list;
  if (Math.abs(ratio - 1) < 0.0005) return '原价';
  if (ratio > 1) return `加价 ${((ratio - 1) * 100).toFixed(1)}%`;
  return `${(ratio * 10).toFixed(1).replace(/\.0$/, '')} 折（优惠 ${((1 - ratio) * 100).toFixed(1)}%）`;
}
