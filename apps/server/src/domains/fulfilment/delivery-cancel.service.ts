import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { badRequest } from '../../lib/errors.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { moveStock, takenByPackage } from '../stock/index.ts';
import * as repo from './deliveries.repository.ts';

/*
 * 撤销发货: a package shipped by mistake is cancelled (docs/lots.md, "Shipping"). Its units go
 * back to the warehouses and lots they came from and it no longer counts as shipped; the package
 * row stays, marked cancelled. The step as a whole (the order's move, the sales ledger's
 * reversal) is the cancel-package workflow.
 */

const ALREADY_CANCELLED = '包裹已撤销';

export interface ReturnedLot {
  lotNumber: string;
  quantity: number;
}

/**
 * Cancels one standing package of an order in the caller's transaction, which holds the order's
 * row, so of two staff cancelling it at once only one finds it standing. What the package's
 * shipment movements took goes back through moveStock into the same warehouse and lot, named
 * by the order and the package; a package recorded without taking stock (before stock
 * movements, or by the demo seed) gives nothing back. Answers what came back and whether a
 * package of the order still stands.
 */
export async function returnPackage(
  trx: Db,
  staff: StaffIdentity,
  order: Pick<Row<'orders'>, 'id' | 'number'>,
  deliveryId: number,
  p: { reason: string; at: number },
): Promise<{ returned: ReturnedLot[]; othersStand: boolean }> {
  const marked = await repo.cancelDelivery(trx, deliveryId, {
    at: p.at,
    reason: p.reason,
    staffId: staff.id,
  });
  if (!marked) throw badRequest(ALREADY_CANCELLED);
  // Exactly what the shipment's movements took goes back, into the same warehouse and lot.
  const remark = `订单 ${order.number} 撤销发货（包裹 ${deliveryId}）`;
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
      orderId: order.id,
      deliveryId,
      createdAt: p.at,
    });
  }
  // The units are on hand again (and held by the paid order): cached stock figures must go.
  await bumpCatalogueVersion(trx);
  return {
    returned: returned.map((r) => ({ lotNumber: r.lotNumber, quantity: r.quantity })),
    othersStand: (await repo.activeDeliveryCount(trx, order.id)) > 0,
  };
}
