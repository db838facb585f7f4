import type { z } from 'zod';
import { OrderStatus } from '@labshop/shared';
import type { cancelDeliveryBody } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { recordAudit } from '../domains/audit/index.ts';
import { recordShipmentCancelled } from '../domains/compliance/index.ts';
import { findPackage, returnPackage } from '../domains/fulfilment/index.ts';
import { findOrderById, moveOrder, racedOf } from '../domains/orders/index.ts';
import type { StaffIdentity } from '../domains/staff/index.ts';

/*
 * 撤销发货 (docs/console.md, "Orders"; docs/lots.md): a package of a 运输中 order shipped by
 * mistake is cancelled in one transaction that holds the order (orders), puts the package's units
 * back into the lots they came from (fulfilment, stock), reverses its 销售台账 rows (compliance)
 * and, once no package stands, makes the order 待发货 again.
 */

const ORDER_NOT_FOUND = '订单不存在';
const DELIVERY_NOT_FOUND = '包裹不存在';
const ALREADY_CANCELLED = '包裹已撤销';

/**
 * Cancels one package of an order in 运输中. The order row is taken first (as shipping does),
 * so two staff cancelling at once queue behind each other and only one finds the package
 * standing.
 */
export async function cancelPackage(
  db: Db,
  staff: StaffIdentity,
  id: number,
  deliveryId: number,
  input: z.output<typeof cancelDeliveryBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await findOrderById(trx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    const d = await findPackage(trx, id, deliveryId);
    if (!d) throw notFound(DELIVERY_NOT_FOUND);
    if (d.cancelledAt !== null) throw badRequest(ALREADY_CANCELLED);
    const t = now();
    if (!(await moveOrder(trx, id, 'cancel-package', { by: 'staff', set: { updatedAt: t } }))) {
      // Another cancel may have just taken the order's last package back to 待发货.
      const again = await findPackage(trx, id, deliveryId);
      throw badRequest(
        again && again.cancelledAt !== null ? ALREADY_CANCELLED : racedOf('cancel-package'),
      );
    }
    const { returned, othersStand } = await returnPackage(trx, staff, o, deliveryId, {
      reason: input.reason,
      at: t,
    });
    // 销售台账: the shipment's regulated lines are reversed, never changed.
    await recordShipmentCancelled(trx, staff, deliveryId, t);
    if (!othersStand) await moveOrder(trx, id, 'last-package-cancelled', { by: 'staff' });
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.delivery.cancel',
      target: `order:${id}`,
      before: { status: OrderStatus.SHIPPING },
      after: {
        status: othersStand ? OrderStatus.SHIPPING : OrderStatus.AWAITING_SHIPMENT,
        deliveryId,
        reason: input.reason,
        lots: returned,
      },
    });
  });
}
