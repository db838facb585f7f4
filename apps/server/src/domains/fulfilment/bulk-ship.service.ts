import type { BulkShipInput, BulkShipResult } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from '../orders/order-admin.repository.ts';
import { ship } from './shipping.service.ts';

/*
 * 批量发货 (docs/console.md, "Bulk actions"): each order ships everything it still owes as one
 * package from one warehouse, lots taken FEFO, through the one-package ship service and so in a
 * transaction of its own. An order the service refuses (not paid, not enough stock, a short lot
 * that needs the ship dialog's confirmation ...) is reported with the service's reason and the
 * others still ship.
 */

const NOTHING_OWED = '订单没有待发的商品';

/** Ships one order's outstanding units; answers the package id or throws the refusal. */
async function shipOutstanding(
  db: Db,
  staff: StaffIdentity,
  orderId: number,
  storeId: number,
  carrier: string,
  trackingNumber: string,
): Promise<number> {
  const [goods, shipped] = await Promise.all([
    repo.goodsOfOrder(db, orderId),
    repo.shippedOfOrder(db, orderId),
  ]);
  const lines = goods
    .map((g) => ({
      orderGoodsId: g.id,
      storeId,
      quantity: g.quantityPurchase - (shipped.get(g.id) ?? 0),
    }))
    .filter((l) => l.quantity > 0);
  if (lines.length === 0) throw badRequest(NOTHING_OWED);
  // ship() locks the order row first and checks again what is still owed, so a package shipped
  // meanwhile (another request, the ship dialog) makes this one fail instead of shipping twice.
  const { id } = await ship(db, staff, orderId, {
    carrier,
    trackingNumber,
    goods: lines,
    confirmShortExpiry: false,
    // Bulk shipping names no 经办人: a 剧毒 order is refused and shipped from its own dialog.
    handlerName: '',
    handlerIdNumber: '',
  });
  return id;
}

export async function shipMany(
  db: Db,
  staff: StaffIdentity,
  input: BulkShipInput,
): Promise<BulkShipResult> {
  if ((await repo.storesByIds(db, [input.storeId])).length === 0) {
    throw badRequest('仓库不存在');
  }
  const result: BulkShipResult = { shipped: [], failed: [] };
  for (const { orderId, trackingNumber } of input.orders) {
    const number = (await repo.findOrder(db, orderId))?.number;
    try {
      if (number === undefined) throw notFound('订单不存在');
      const deliveryId = await shipOutstanding(
        db,
        staff,
        orderId,
        input.storeId,
        input.carrier,
        trackingNumber,
      );
      result.shipped.push({ orderId, number, deliveryId });
    } catch (e) {
      // Only refusals are an order's outcome; a fault stops the batch as any route's fault does.
      if (!(e instanceof AppError)) throw e;
      result.failed.push({ orderId, number: number ?? '', reason: e.message });
    }
  }
  return result;
}
