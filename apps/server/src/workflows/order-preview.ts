import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { badRequest } from '../lib/errors.ts';
import { listLines } from '../domains/cart/index.ts';
import { priceOrder, type OrderInput, type OrderedPack } from '../domains/orders/index.ts';
import { planShipping, previewAnswer, type OrderLine } from '../domains/shipping/index.ts';
import { priceOrderedPacks } from './contract-prices.ts';

/*
 * 确认订单 (docs/shipping.md): what POST /client/v1/orders would make of the same body, without
 * taking the cart lines: its packages per shipping class with their lines, carriers and
 * freight, and the amount. Placing the order computes the same packages (place-order.ts), so
 * its freight is exactly the preview's.
 */

const CART_CHANGED = '购物车商品已变化，请刷新后重试';

/** The lines of ordered packs as shipping plans them. */
export const shippingLinesOf = (goods: readonly OrderedPack[]): OrderLine[] =>
  goods.map((g) => ({
    materialId: g.pack.materialId,
    name: g.pack.name,
    pack: g.pack.pack,
    price: g.pack.userPrice,
    quantity: g.quantity,
  }));

export async function previewOrder(db: Db, userId: number, input: OrderInput) {
  const ids = [...new Set(input.cartIds)];
  const lines = await listLines(db, userId, ids);
  if (lines.length !== ids.length) throw badRequest(CART_CHANGED);
  const at = now();
  // Priced as placing the order will price it, contract prices included.
  const goods = await priceOrderedPacks(
    db,
    userId,
    input.orgId,
    lines.map((l) => ({ pack: l, quantity: l.quantity })),
    at,
  );
  const plan = await planShipping(db, shippingLinesOf(goods), input.deliveryRegionCode, at);
  const price = priceOrder(goods, plan.freightFen ?? undefined);
  return previewAnswer(plan, price.goodsAmount);
}
