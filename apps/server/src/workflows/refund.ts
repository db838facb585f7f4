import { PayStatus, toYuan } from '@labshop/shared';
import type { Db } from '../db/database.ts';
import type { Row } from '../db/schema.ts';
import { now } from '../lib/clock.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { PaymentsConfig } from '../payments-config.ts';
import { notify } from '../domains/notifications/index.ts';
import {
  REFUND_ALL_UNSHIPPED,
  REFUND_NOT_PAID,
  addRefund,
  findOrderById,
  mustMoveOrder,
  refusalOf,
  settleRefunded,
} from '../domains/orders/index.ts';
import {
  REFUND_TOO_MUCH,
  SHOP_REFUNDED,
  giveBack,
  refundAsItStands,
  refundView,
  reserveGatewayRefund,
  reserveStrayRefund,
  sendRefund,
  shopRefundView,
  type GatewayRefund,
  type RefundRequest,
  type StaffRefund,
} from '../domains/payments/index.ts';
import { paidOrdersChanged } from '../domains/stock/index.ts';

/*
 * Refunds (docs/payments.md, "Refunds"), the one entry point of every refund: staff giving back
 * part of a paid order or what is left, the rest a cancel gives back, and a gateway payment
 * whose money paid nothing of its order. Each books the refund on the order (orders: its
 * refunded amount and pay status, through the life cycle's events) and gives the money back
 * (payments: the balance credit and its ledger row, a recorded bank refund, or a gateway refund
 * sent once the transaction has committed) in one transaction.
 */

const ORDER_NOT_FOUND = '订单不存在';

/** Why a shop refund of `amountFen` of this order cannot be made, as the order stands. */
function refusal(o: Row<'orders'>, amountFen: number): string {
  const state = refusalOf(o, 'refund-partial');
  if (state !== null) return state;
  if (o.amount === null) return REFUND_NOT_PAID;
  if (amountFen <= 0 || o.refundedAmount + amountFen > o.amount) return REFUND_TOO_MUCH;
  return REFUND_ALL_UNSHIPPED;
}

/** Gives back part of a paid balance or bank-transfer order in the caller's transaction. */
async function refundPart(
  trx: Db,
  p: RefundRequest & { staffId: number },
): Promise<Row<'orderRefunds'>> {
  const o = await findOrderById(trx, p.orderId);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const amountFen = p.amountFen ?? (o.amount ?? 0) - o.refundedAmount;
  const at = now();
  const moved =
    amountFen > 0
      ? await addRefund(trx, { orderId: o.id, payTypes: SHOP_REFUNDED, amountFen, at })
      : null;
  if (moved === null) {
    // Read again: a refund or cancel committed since the first read may be why.
    throw badRequest(refusal((await findOrderById(trx, o.id)) ?? o, amountFen));
  }
  // Refunded in full, the order no longer holds the units it has not shipped.
  if (moved === 'refund-full') await paidOrdersChanged(trx);
  return giveBack(trx, o, { amountFen, reason: p.reason, staffId: p.staffId, at }, '部分退款');
}

/**
 * Reserves a refund of an order paid by WeChat Pay or Alipay in the caller's transaction: the
 * order's row is taken first ('refund-gateway'), so concurrent refunds of one order are reserved
 * one after the other and each checks the sum with the others in it. An order that has shipped
 * nothing is refunded in full only by cancelling it.
 */
async function reserveRefund(trx: Db, p: RefundRequest): Promise<GatewayRefund> {
  const order = await findOrderById(trx, p.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.amount === null) throw badRequest(REFUND_NOT_PAID);
  await mustMoveOrder(trx, order.id, 'refund-gateway', { by: 'staff', set: { updatedAt: now() } });
  // The status is read again now that the order's row is held.
  const held = (await findOrderById(trx, order.id)) ?? order;
  return reserveGatewayRefund(trx, held, {
    amountFen: p.amountFen,
    reason: p.reason,
    staffId: p.staffId,
    wholeRefused: refusalOf(held, 'refund-full'),
  });
}

/**
 * Refunds an order paid by WeChat Pay or Alipay through its gateway, in full (amountFen
 * omitted) or in part; `audit` writes the staff's audit row in the same transaction. Once the
 * gateway reports that the refunds cover the paid amount the order is refunded. Answers the
 * refund as it stands.
 */
export async function refundOrderPayment(
  db: Db,
  cfg: PaymentsConfig,
  p: RefundRequest,
  audit?: (trx: Db, refund: GatewayRefund) => Promise<void>,
): Promise<GatewayRefund> {
  const refund = await db.transaction().execute(async (trx) => {
    const r = await reserveRefund(trx, p);
    await audit?.(trx, r);
    return r;
  });
  await sendRefund(db, cfg, refund);
  return refundAsItStands(db, refund);
}

/** The member hears of a staff refund in its transaction (docs/notifications.md). */
const tell = (trx: Db, r: { orderId: number; amount: number; reason: string }) =>
  notify(trx, 'order-refunded', { orderId: r.orderId, refundFen: r.amount, reason: r.reason });

/**
 * Staff refund part of a paid order (omitted amount: all that is left); `audit` writes the
 * staff's audit row in the refund's transaction. The pay type chooses the way back: balance and
 * bank refunds are done when this answers; gateway refunds answer as the gateway left them.
 */
export async function refundOrder(
  db: Db,
  cfg: PaymentsConfig,
  p: RefundRequest & { staffId: number },
  audit: (trx: Db, after: Record<string, unknown>) => Promise<void>,
): Promise<StaffRefund> {
  const order = await findOrderById(db, p.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // The pay type of a paid order does not change, so it chooses the way back before the lock.
  if (!SHOP_REFUNDED.includes(order.payType)) {
    const refund = await refundOrderPayment(db, cfg, p, async (trx, r) => {
      await audit(trx, { refundNo: r.outRefundNo, amount: toYuan(r.amount), reason: r.reason });
      await tell(trx, r);
    });
    return refundView(refund);
  }
  const refund = await db.transaction().execute(async (trx) => {
    const r = await refundPart(trx, p);
    await audit(trx, { amount: toYuan(r.amount), reason: r.reason });
    await tell(trx, r);
    return r;
  });
  return shopRefundView(refund);
}

/**
 * The cancel of a paid order refunds what partial refunds left, in the cancel's transaction
 * after its move ('cancel-paid') took the order's row. Gateway payments get a refund reserved,
 * sent by the cancel once committed; a refusal (no gateway payment, nothing left) rolls the
 * cancel back. Answers the fen refunded.
 */
export async function refundRest(
  trx: Db,
  o: Row<'orders'>,
  p: { reason: string; staffId: number; at: number },
): Promise<number> {
  if (o.payStatus !== PayStatus.PAID || (o.amount ?? 0) <= 0) return 0;
  if (!SHOP_REFUNDED.includes(o.payType)) {
    const r = await reserveGatewayRefund(trx, o, {
      reason: p.reason,
      staffId: p.staffId,
      wholeRefused: null,
    });
    return r.amount;
  }
  const rest = await settleRefunded(trx, o.id, p.at);
  if (rest > 0) await giveBack(trx, o, { ...p, amountFen: rest }, '取消退款');
  return rest;
}

/**
 * Gives back, through its gateway and in full, a payment whose money paid nothing of its order
 * (docs/payments.md, "Money that paid nothing"); `audit` writes the staff's audit row in the same
 * transaction, which also tells the member where the money goes. The order does not change.
 * Answers the refund as it stands.
 */
export async function refundStrayPayment(
  db: Db,
  cfg: PaymentsConfig,
  p: { orderId: number; transactionId: number; reason: string; staffId: number },
  audit: (trx: Db, refund: GatewayRefund) => Promise<void>,
): Promise<GatewayRefund> {
  const refund = await db.transaction().execute(async (trx) => {
    const r = await reserveStrayRefund(trx, p);
    await audit(trx, r);
    await notify(trx, 'order-refunded', {
      orderId: r.orderId,
      refundFen: r.amount,
      reason: r.reason,
      payType: r.payType,
    });
    return r;
  });
  await sendRefund(db, cfg, refund);
  return refundAsItStands(db, refund);
}
