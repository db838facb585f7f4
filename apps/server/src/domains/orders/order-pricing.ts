import { freightFen } from '@labshop/shared';
import { badRequest } from '../../lib/errors.ts';

export const AMOUNT_TOO_LARGE = '订单金额超出上限，请分批下单或联系客服';
/** Largest order amount in fen: money columns are 32-bit integers on PostgreSQL. */
const AMOUNT_MAX_FEN = 2_000_000_000;

/** One ordered pack: its member price in fen (null: priced by staff later) and the quantity. */
export interface PricedLine {
  pack: { userPrice: number | null };
  quantity: number;
}

/** What an order costs, in fen; null throughout while a pack waits for a price (待确认). */
export interface OrderPrice {
  goodsAmount: number | null;
  freight: number | null;
  amount: number | null;
  /** Units over all lines. */
  count: number;
}

/**
 * Prices the lines at member prices with the freight rule (docs/product-rules.md). A single pack
 * without a member price leaves the whole order unpriced. Staff correcting an order may set the
 * freight in fen instead of the rule (docs/console.md, "Orders").
 */
export function priceOrder(lines: readonly PricedLine[], staffFreight?: number): OrderPrice {
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);
  const pending = lines.some((l) => l.pack.userPrice === null);
  const goodsAmount = pending
    ? null
    : lines.reduce((sum, l) => sum + (l.pack.userPrice ?? 0) * l.quantity, 0);
  const freight = goodsAmount === null ? null : (staffFreight ?? freightFen(goodsAmount));
  const amount = goodsAmount === null || freight === null ? null : goodsAmount + freight;
  if (amount !== null && amount > AMOUNT_MAX_FEN) throw badRequest(AMOUNT_TOO_LARGE);
  return { goodsAmount, freight, amount, count };
}
