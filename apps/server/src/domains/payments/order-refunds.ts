import { BalanceBusiness, OrderStatus, PayStatus, PayType, toYuan } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { PaymentsConfig } from '../../payments-config.ts';
import { creditBalance } from '../balance/balance.repository.ts';
import { notify } from '../notifications/index.ts';
import { paidOrdersChanged } from '../stock/held.ts';
import { ORDER_NOT_FOUND } from './payment-rules.ts';
import * as refundsRepo from './order-refunds.repository.ts';
import * as repo from './payments.repository.ts';
import {
  REFUND_ALL_UNSHIPPED,
  REFUND_NOT_PAID,
  REFUND_TOO_MUCH,
  refundOrderPayment,
  refundView,
  requestRefund,
  type RefundRequest,
} from './refunds.service.ts';

/*
 * Refunds of an order, whatever it was paid with (docs/payments.md, "Refunds"): WeChat Pay and
 * Alipay through their gateway (refunds.service.ts); balance and bank-transfer payments by the
 * shop itself, in part or what a cancel leaves, each an order_refunds row in the same
 * transaction as the order's refunded amount, the balance credit and its ledger row.
 */

const REFUND_CANCELLED = '订单已取消，不能退款';
const REFUND_DONE = '订单已全额退款';
const REFUND_STATUS = '订单当前状态不能退款';

/** Pay types whose money the shop gives back itself. */
const SHOP_REFUNDED: number[] = [PayType.BALANCE, PayType.BANK_TRANSFER];

export type StaffRefund = ReturnType<typeof refundView>;

/** Why a refund of `amountFen` of this order cannot be made, as the order stands. */
function refusal(o: Row<'orders'>, amountFen: number): string {
  if (o.status === OrderStatus.CANCELLED) return REFUND_CANCELLED;
  if (o.payStatus === PayStatus.REFUNDED) return REFUND_DONE;
  if (o.payStatus !== PayStatus.PAID || o.amount === null) return REFUND_NOT_PAID;
  if (!refundsRepo.REFUNDABLE_STATUSES.includes(o.status)) return REFUND_STATUS;
  if (amountFen <= 0 || o.refundedAmount + amountFen > o.amount) return REFUND_TOO_MUCH;
  return REFUND_ALL_UNSHIPPED;
}

/** Gives back part of a paid balance or bank-transfer order in the caller's transaction. */
async function refundPart(
  trx: Db,
  p: RefundRequest & { staffId: number },
): Promise<Row<'orderRefunds'>> {
  const o = await repo.findOrderById(trx, p.orderId);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const amountFen = p.amountFen ?? (o.amount ?? 0) - o.refundedAmount;
  const at = now();
  const payStatus =
    amountFen > 0
      ? await refundsRepo.addRefunded(trx, {
          orderId: o.id,
          payTypes: SHOP_REFUNDED,
          amountFen,
          at,
        })
      : undefined;
  if (payStatus === undefined) {
    // Read again: a refund or cancel committed since the first read may be why.
    throw badRequest(refusal((await repo.findOrderById(trx, o.id)) ?? o, amountFen));
  }
  // Refunded in full, the order no longer holds the units it has not shipped.
  if (payStatus === PayStatus.REFUNDED) await paidOrdersChanged(trx);
  return giveBack(trx, o, { amountFen, reason: p.reason, staffId: p.staffId, at }, '部分退款');
}

/** The balance credit (with its ledger row) or the bank refund finance pays out, recorded. */
async function giveBack(
  trx: Db,
  o: Row<'orders'>,
  p: { amountFen: number; reason: string; staffId: number; at: number },
  what: string,
): Promise<Row<'orderRefunds'>> {
  if (o.payType === PayType.BALANCE) {
    await creditBalance(trx, {
      userId: o.userId,
      amountFen: p.amountFen,
      business: BalanceBusiness.REFUND,
      remark: `订单 ${o.number} ${what}`,
      orderId: o.id,
      at: p.at,
    });
  }
  return refundsRepo.insertOrderRefund(trx, {
    orderId: o.id,
    payType: o.payType,
    amount: p.amountFen,
    reason: p.reason,
    staffId: p.staffId,
    createdAt: p.at,
  });
}

const shopRefundView = (r: Row<'orderRefunds'>): StaffRefund => ({
  id: r.id,
  payType: r.payType,
  outRefundNo: '',
  amount: toYuan(r.amount),
  state: 'success',
  reason: r.reason,
  staffId: r.staffId,
  createTime: r.createdAt,
  completeTime: r.createdAt,
  stray: false,
});

/** The member hears of a staff refund in its transaction (docs/notifications.md). */
const tell = (trx: Db, r: { orderId: number; amount: number; reason: string }) =>
  notify(trx, 'order-refunded', { orderId: r.orderId, refundFen: r.amount, reason: r.reason });

/**
 * Staff refund part of a paid order (omitted amount: all that is left); `audit` writes the
 * staff's audit row in the refund's transaction. Balance and bank refunds are done when this
 * answers; gateway refunds answer as the gateway left them.
 */
export async function refundOrder(
  db: Db,
  cfg: PaymentsConfig,
  p: RefundRequest & { staffId: number },
  audit: (trx: Db, after: Record<string, unknown>) => Promise<void>,
): Promise<StaffRefund> {
  const order = await repo.findOrderById(db, p.orderId);
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
 * after its conditional update moved the order (docs/payments.md, "Refunds"). Gateway payments
 * get a refund reserved for the route to send once committed. Answers the fen refunded.
 */
export async function refundRest(
  trx: Db,
  o: Row<'orders'>,
  p: { reason: string; staffId: number; at: number },
): Promise<number> {
  if (!SHOP_REFUNDED.includes(o.payType)) {
    // A refusal (no gateway payment, nothing left) rolls the cancel back.
    const r = await requestRefund(
      trx,
      { orderId: o.id, reason: p.reason, staffId: p.staffId },
      false,
    );
    return r.amount;
  }
  const rest = await refundsRepo.settleRefunded(trx, o.id, p.at);
  if (rest > 0) await giveBack(trx, o, { ...p, amountFen: rest }, '取消退款');
  return rest;
}
