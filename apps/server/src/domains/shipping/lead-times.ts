import { isShippingClass } from '@labshop/shared';
import type { OrderLineShipping } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { orderLinesToShip } from './lead-times.repository.ts';
import { packShipping } from './shipping.repository.ts';
import { expectedShipDate, isOutOfStock } from './shipping.service.ts';

/*
 * 预计发货 where the buyer sees it (docs/shipping.md, "Lead times"): the product page per pack,
 * the cart per line and the order detail per line, by the same rule the confirmation uses.
 */

/**
 * 预计发货 of `quantity` units of a pack at `at`: the date when its stock does not cover them
 * but its lead time does; null when in stock or without a lead time.
 */
export const dispatchDateOf = (
  pack: { stock: number; leadTimeDays: number | null } | undefined,
  quantity: number,
  at: number,
): string | null =>
  pack !== undefined && pack.stock < quantity && pack.leadTimeDays !== null
    ? expectedShipDate(at, pack.leadTimeDays)
    : null;

const packsById = async (db: Db, materialIds: number[]) =>
  new Map((await packShipping(db, materialIds)).map((p) => [p.materialId, p]));

/**
 * How the stock stands for lines (the cart's), by pack id: 预计发货 of a line the stock does not
 * cover but a lead time does, and 库存不足 of one neither covers. Stock is counted over all
 * warehouses, as placing the order counts it.
 */
export async function lineAvailability(
  db: Db,
  lines: readonly { materialId: number; quantity: number }[],
  at: number,
): Promise<Map<number, { expectedShipDate: string | null; outOfStock: boolean }>> {
  const packs = await packsById(
    db,
    lines.map((l) => l.materialId),
  );
  return new Map(
    lines.map((l) => {
      const p = packs.get(l.materialId);
      return [
        l.materialId,
        {
          expectedShipDate: dispatchDateOf(p, l.quantity, at),
          outOfStock: isOutOfStock(p, l.quantity),
        },
      ];
    }),
  );
}

/**
 * Each line of an order with its shipping class and, while the stock does not cover its units
 * not yet shipped, its 预计发货: the lead time counted from when the order was placed, the date
 * the confirmation showed.
 */
export async function orderLineShipping(
  db: Db,
  orderId: number,
  placedAt: number,
): Promise<OrderLineShipping[]> {
  const lines = await orderLinesToShip(db, orderId);
  const packs = await packsById(
    db,
    lines.map((l) => l.materialId),
  );
  return lines.map((l) => {
    const p = packs.get(l.materialId);
    const open = l.quantity - Number(l.shipped);
    return {
      goodsId: l.orderGoodsId,
      shippingClass: p && isShippingClass(p.shippingClass) ? p.shippingClass : 'normal',
      expectedShipDate: open > 0 ? dispatchDateOf(p, open, placedAt) : null,
    };
  });
}
