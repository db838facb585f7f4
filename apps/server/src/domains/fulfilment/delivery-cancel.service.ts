import type { z } from 'zod';
import { OrderStatus } from '@labshop/shared';
import type { cancelDeliveryBody } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { recordShipmentCancelled } from '../compliance/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { takenByPackage } from '../stock/stock-levels.repository.ts';
import { moveStock } from '../stock/stock.repository.ts';
import * as repo from '../orders/order-admin.repository.ts';

/*
 * 撤销发货: a package shipped by mistake is cancelled (docs/lots.md, "Shipping"). Its units go
 * back to the warehouses and lots they came from, its regulated lines get reversal rows in the
 * sales ledger, and it no longer counts as shipped; the package row stays, marked cancelled.
 */

const ORDER_NOT_FOUND = '订单不存在';
const DELIVERY_NOT_FOUND = '包裹不存在';
const ALREADY_CANCELLED = '包裹已撤销';
const NOT_CANCELLABLE = '订单当前状态不能撤销发货';
/**
 * Cancels one package of an order in 运输中. The order row is locked first (a conditional
 * update, as shipping does), so two staff cancelling at once queue behind each other and only
 * one finds the package standing. What the package's shipment movements took goes back through
 * moveStock into the same warehouse and lot, named by the order and the package; a package
 * recorded without taking stock (before stock movements, or by the demo seed) gives nothing back.
 * When no package of the order stands any more, the order is 待发货 again and can be shipped.
 */
export async function cancelDelivery(
  db: Db,
  staff: StaffIdentity,
  id: number,
  deliveryId: number,
  input: z.output<typeof cancelDeliveryBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await repo.findOrder(trx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    const d = await repo.findDelivery(trx, id, deliveryId);
    if (!d) throw notFound(DELIVERY_NOT_FOUND);
    if (d.cancelledAt !== null) throw badRequest(ALREADY_CANCELLED);
    const t = now();
    const locked = await repo.transitionOrder(
      trx,
      id,
      { status: [OrderStatus.SHIPPING] },
      { updatedAt: t },
    );
    if (!locked) {
      // Another cancel may have just taken the order's last package back to 待发货.
      const again = await repo.findDelivery(trx, id, deliveryId);
      throw badRequest(again && again.cancelledAt !== null ? ALREADY_CANCELLED : NOT_CANCELLABLE);
    }
    const marked = await repo.cancelDelivery(trx, deliveryId, {
      at: t,
      reason: input.reason,
      staffId: staff.id,
    });
    if (!marked) throw badRequest(ALREADY_CANCELLED);

    // Exactly what the shipment's movements took goes back, into the same warehouse and lot.
    const remark = `订单 ${o.number} 撤销发货（包裹 ${deliveryId}）`;
    const returned = await takenByPackage(trx, deliveryId);
    for (const taken of returned) {
      await moveStock(trx, {
        materialId: taken.materialId,
        storeId: taken.storeId,
        change: taken.quantity,
        reason: 'shipment-cancelled',
        lot: { lotNumber: taken.lotNumber, expire: taken.expire },
        remark,
        staffId: staff.id,
        orderId: id,
        deliveryId,
        createdAt: t,
      });
    }
    // The units are on hand again (and held by the paid order): cached stock figures must go.
    await bumpCatalogueVersion(trx);
    // 销售台账: the shipment's regulated lines are reversed, never changed.
    await recordShipmentCancelled(trx, staff, deliveryId, t);

    const status =
      (await repo.activeDeliveryCount(trx, id)) === 0
        ? OrderStatus.AWAITING_SHIPMENT
        : OrderStatus.SHIPPING;
    if (status !== OrderStatus.SHIPPING) {
      await repo.transitionOrder(trx, id, { status: [OrderStatus.SHIPPING] }, { status });
    }
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.delivery.cancel',
      target: `order:${id}`,
      before: { status: OrderStatus.SHIPPING },
      after: {
        status,
        deliveryId,
        reason: input.reason,
        lots: returned.map((r) => ({ lotNumber: r.lotNumber, quantity: r.quantity })),
      },
    });
  });
}
