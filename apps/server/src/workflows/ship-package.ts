import type { z } from 'zod';
import { OrderStatus, PayType } from '@labshop/shared';
import type { BulkShipInput, BulkShipResult, deliveryBody } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { recordAudit } from '../domains/audit/index.ts';
import { recordShipment, regulatedLines } from '../domains/compliance/index.ts';
import { packPackage, shippedOf } from '../domains/fulfilment/index.ts';
import { notify } from '../domains/notifications/index.ts';
import {
  assertNotAwaitingApproval,
  findOrderById,
  goodsOfOrder,
  mustMoveOrder,
} from '../domains/orders/index.ts';
import { checkPackage } from '../domains/shipping/index.ts';
import type { StaffIdentity } from '../domains/staff/index.ts';
import { storesByIds } from '../domains/stock/index.ts';

/*
 * 发货 (docs/console.md, "Orders"; docs/lots.md, "Shipping"): one package of a paid order, in one
 * transaction that moves the order to 运输中 (orders), makes the package and takes its units
 * from the warehouse's lots (fulfilment, stock), writes the 销售台账 rows of its regulated lines
 * (compliance), the audit row and the buyer's message. 批量发货 ships many orders this way, each
 * in its own transaction.
 */

const ORDER_NOT_FOUND = '订单不存在';
const NOTHING_OWED = '订单没有待发的商品';

/**
 * Ships one package: the order moves to 运输中 first, so concurrent shipments of one order queue
 * behind each other and each sees what the other shipped; then no line ships more than was
 * bought and each line's units come out of the chosen warehouse's lots (never below zero).
 */
export async function shipPackage(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof deliveryBody>,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const o = await findOrderById(trx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    // Staff never ship an organization's order still waiting for approval.
    assertNotAwaitingApproval(o);
    const t = now();
    // A credit (月结) order ships unpaid; any other only once paid (docs/orders.md).
    const credit = o.payType === PayType.CREDIT;
    await mustMoveOrder(trx, id, credit ? 'ship-credit' : 'ship-package', {
      by: 'staff',
      set: { updatedAt: t },
      guard: credit ? { payType: PayType.CREDIT } : {},
    });
    const goods = await goodsOfOrder(trx, id);
    // One shipping class per package, with a carrier its class allows (docs/shipping.md).
    const packed = new Set(input.goods.map((l) => l.orderGoodsId));
    await checkPackage(
      trx,
      goods.filter((g) => packed.has(g.id)).map((g) => g.materialId),
      input.carrier,
    );
    const regulated = await regulatedLines(trx, id);
    const delivery = await packPackage(trx, staff, o, goods, input, {
      at: t,
      classes: regulated.classes,
    });
    // 销售台账: every shipped line of a regulated product, in this same transaction.
    await recordShipment(
      trx,
      staff,
      o,
      regulated,
      {
        id: delivery.id,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        handlerName: input.handlerName,
        handlerIdNumber: input.handlerIdNumber,
      },
      delivery.rows.map((r) => ({
        orderGoodsId: r.orderGoodsId,
        quantity: r.quantityShipped,
        lotNumber: r.lotNumber,
      })),
      t,
    );
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.delivery',
      target: `order:${id}`,
      before: { status: o.status },
      after: {
        status: OrderStatus.SHIPPING,
        deliveryId: delivery.id,
        ...input,
        lots: delivery.rows.map((r) => ({
          orderGoodsId: r.orderGoodsId,
          lotNumber: r.lotNumber,
          quantity: r.quantityShipped,
        })),
        shortExpiryConfirmed: delivery.short,
      },
    });
    await notify(trx, 'order-shipped', {
      orderId: id,
      deliveryId: delivery.id,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
    });
    return { id: delivery.id };
  });
}

/** Ships one order's outstanding units; answers the package id or throws the refusal. */
async function shipOutstanding(
  db: Db,
  staff: StaffIdentity,
  orderId: number,
  storeId: number,
  carrier: string,
  trackingNumber: string,
): Promise<number> {
  const [goods, shipped] = await Promise.all([goodsOfOrder(db, orderId), shippedOf(db, orderId)]);
  const lines = goods
    .map((g) => ({
      orderGoodsId: g.id,
      storeId,
      quantity: g.quantityPurchase - (shipped.get(g.id) ?? 0),
    }))
    .filter((l) => l.quantity > 0);
  if (lines.length === 0) throw badRequest(NOTHING_OWED);
  // shipPackage() locks the order row first and checks again what is still owed, so a package
  // shipped meanwhile (another request, the ship dialog) makes this one fail instead of shipping
  // twice.
  const { id } = await shipPackage(db, staff, orderId, {
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

/**
 * 批量发货 (docs/console.md, "Bulk actions"): each order ships everything it still owes as one
 * package from one warehouse, lots taken FEFO, each in a transaction of its own. An order
 * refused (not paid, not enough stock, a short lot that needs the ship dialog's confirmation
 * ...) is reported with its reason and the others still ship.
 */
export async function shipMany(
  db: Db,
  staff: StaffIdentity,
  input: BulkShipInput,
): Promise<BulkShipResult> {
  if ((await storesByIds(db, [input.storeId])).length === 0) {
    throw badRequest('仓库不存在');
  }
  const result: BulkShipResult = { shipped: [], failed: [] };
  for (const { orderId, trackingNumber } of input.orders) {
    const number = (await findOrderById(db, orderId))?.number;
    try {
      if (number === undefined) throw notFound(ORDER_NOT_FOUND);
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
