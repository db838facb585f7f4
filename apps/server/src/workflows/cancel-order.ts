import { OrderStatus, PayStatus, PayType, cancelActionOf, toYuan } from '@labshop/shared';
import type { z } from 'zod';
import type { cancelBody } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { PaymentsConfig } from '../payments-config.ts';
import { recordAudit } from '../domains/audit/index.ts';
import { returnForOrder } from '../domains/compliance/index.ts';
import { notify } from '../domains/notifications/index.ts';
import {
  assertCan,
  findMemberOrder,
  findOrderById,
  moveOrder,
  mustMoveOrder,
  racedOf,
  timedOutOrders,
} from '../domains/orders/index.ts';
import {
  closeOpenPayments,
  PAYMENT_REFUNDED,
  recordOrderPayment,
  sendRequestedRefunds,
} from '../domains/payments/index.ts';
import { authorizeAction, type StaffIdentity } from '../domains/staff/index.ts';
import { paidOrdersChanged } from '../domains/stock/index.ts';
import { refundRest } from './refund.ts';

/*
 * Cancelling an order that has shipped nothing (docs/console.md, "Orders"; docs/orders.md): by
 * staff (a paid order's money goes back), by the buyer while it is unpaid, or by the closing job
 * once an unpaid order's payment time ran out. One transaction moves the order to 已取消
 * (orders), gives the quantities it took back to the buyer's documents (compliance), and for a
 * paid order refunds the rest (payments, the refund workflow) and frees what it held (stock).
 */

const ORDER_NOT_FOUND = '订单不存在';
/** Why the buyer is told their order closed by itself. */
const CLOSED_UNPAID = '超过付款期限未支付，订单已自动关闭';

/**
 * Staff cancel an order that has shipped nothing (待处理 or 待发货) and refund what was paid and
 * not refunded yet, in the same transaction: balance payments back to the balance with a ledger
 * row, bank transfers as a recorded bank refund, online payments through their gateway (sent
 * once the cancel has committed). Refunding needs the refunds permission on top of the route's.
 * Stock is taken only when a package ships, and a cancellable order has shipped none, so no
 * stock comes back.
 */
export async function cancelOrder(
  db: Db,
  cfg: PaymentsConfig,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof cancelBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await findOrderById(trx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    const paid = o.payStatus === PayStatus.PAID;
    const event = paid ? 'cancel-paid' : 'cancel';
    assertCan(o, event);
    authorizeAction(staff, cancelActionOf(paid));
    const t = now();
    await mustMoveOrder(trx, id, event, {
      by: 'staff',
      set: { cancelReason: input.reason, cancelledAt: t, updatedAt: t },
    });
    // Quantities the order took off the buyer's documents go back to them.
    await returnForOrder(trx, id, t);
    // What the paid or credit order held is for sale again.
    if (paid || o.payType === PayType.CREDIT) await paidOrdersChanged(trx);
    // What partial refunds left goes back (all of it when there were none).
    const refunded = await refundRest(trx, o, { reason: input.reason, staffId: staff.id, at: t });
    if (refunded > 0) {
      await recordOrderPayment(trx, {
        orderId: id,
        kind: PAYMENT_REFUNDED,
        payType: o.payType,
        amount: refunded,
        reference: input.reason,
        staffId: staff.id,
        createdAt: t,
      });
    }
    const payStatus = paid ? PayStatus.REFUNDED : o.payStatus;
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.cancel',
      target: `order:${id}`,
      before: { status: o.status, payStatus: o.payStatus },
      after: {
        status: OrderStatus.CANCELLED,
        payStatus,
        reason: input.reason,
        refund: toYuan(refunded),
      },
    });
    await notify(trx, 'order-cancelled', {
      orderId: id,
      reason: input.reason,
      refundFen: refunded,
    });
  });
  // A WeChat Pay or Alipay refund reserved by the cancel goes to its gateway now.
  await sendRequestedRefunds(db, cfg, id);
}

/**
 * A member may cancel while the order is pending or awaiting shipment and still unpaid; a credit
 * (月结) order only while it waits for approval, since at 待发货 it ships unpaid. An order is
 * placed on credit or not and never turns into or out of one (the buyer's choice of pay type
 * refuses 月结 both ways), so reading that first races with nothing.
 */
export async function cancelOwnOrder(db: Db, userId: number, id: number): Promise<void> {
  const order = await findMemberOrder(db, userId, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const credit = order.payType === PayType.CREDIT;
  const event = credit ? 'member-cancel-credit' : 'member-cancel';
  const cancelled = await db.transaction().execute(async (trx) => {
    const t = now();
    const done = await moveOrder(trx, id, event, {
      by: 'member',
      set: { cancelledAt: t, updatedAt: t },
      guard: credit ? { userId, payType: PayType.CREDIT } : { userId },
    });
    if (!done) return false;
    // Quantities the order took off the member's documents go back to them.
    await returnForOrder(trx, id, t);
    // A credit order held its stock unpaid (docs/catalogue.md, "Held stock").
    if (credit) await paidOrdersChanged(trx);
    return true;
  });
  if (!cancelled) throw badRequest(racedOf(event));
}

/**
 * Scheduled: closes unpaid orders past their deadline. Each open gateway payment is asked first
 * (a payment that did arrive wins), then closed at the gateway; the order closes only when every
 * gateway confirmed, so money can never arrive for an order the shop has closed.
 */
export async function closeTimedOutOrders(
  db: Db,
  cfg: PaymentsConfig,
  limit = 100,
): Promise<number> {
  const t = now();
  const due = await timedOutOrders(db, {
    bankBefore: t - cfg.bankTimeoutMs,
    onlineBefore: t - cfg.onlineTimeoutMs,
    limit,
  });
  let closed = 0;
  for (const order of due) {
    if ((await closeOpenPayments(db, cfg, order.id)) !== 'closed') continue;
    const didClose = await db.transaction().execute(async (trx) => {
      const at = now();
      const moved = await moveOrder(trx, order.id, 'close', {
        by: 'job',
        set: { cancelledAt: at, updatedAt: at },
      });
      if (moved) {
        // A closed order gives its quantities back to the buyer's documents.
        await returnForOrder(trx, order.id, at);
        await notify(trx, 'order-cancelled', { orderId: order.id, reason: CLOSED_UNPAID });
      }
      return moved;
    });
    if (didClose) closed += 1;
  }
  return closed;
}
