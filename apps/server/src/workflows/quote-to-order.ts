import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { deletePackLines } from '../domains/cart/index.ts';
import type { OrderFields } from '../domains/orders/index.ts';
import { recordQuoteOrder, takeQuoteForOrder } from '../domains/procurement/index.ts';
import { orderCreated, placeOrderIn } from './place-order.ts';

/**
 * 按报价提交订单 (docs/procurement.md section 3): a quoted quote becomes its one order at the quoted
 * prices with the member's order fields, in one transaction that claims the quote, places the
 * order as a checkout does and takes the quoted packs out of the member's cart, so the cart does
 * not invite a second order of the same goods. A repeated call answers the same order.
 */
export async function orderFromQuote(db: Db, userId: number, id: number, input: OrderFields) {
  const orderId = await db.transaction().execute(async (trx) => {
    const t = now();
    const taken = await takeQuoteForOrder(trx, userId, id, t);
    if ('orderId' in taken) return taken.orderId;
    // The quoted prices were agreed for this order: no contract price replaces them.
    const quoted = taken.goods.map((g) => ({ ...g, priceSource: 'quote' as const }));
    const orderId = await placeOrderIn(trx, userId, input, quoted, t);
    await recordQuoteOrder(trx, id, orderId);
    await deletePackLines(
      trx,
      userId,
      taken.goods.map((g) => g.pack.materialId),
    );
    return orderId;
  });
  return orderCreated(db, userId, orderId);
}
