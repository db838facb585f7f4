import { toFen } from '@labshop/shared';
import type { BulkPriceInput } from '@labshop/shared/schemas';

/**
 * A pack's new price in fen under 批量改价 (docs/console.md, "Bulk actions"). A fixed amount is
 * that amount. A percentage multiplies the old price by (100 + p) / 100 and rounds half up to the
 * fen (12.345 → 12.35, 12.344 → 12.34). It is worked out in integers, the percentage in
 * hundredths of a percent, so no floating-point error can move a fen: the body allows two
 * decimals, and old fen × 110,000 stays far below 2^53 for any price the catalogue accepts.
 */
export function adjustedPriceFen(
  oldFen: number,
  rule: Pick<BulkPriceInput, 'mode' | 'value'>,
): number {
  if (rule.mode === 'fixed') return toFen(rule.value);
  const hundredths = Math.round(rule.value * 100);
  return Math.floor((oldFen * (10_000 + hundredths) + 5_000) / 10_000);
}
