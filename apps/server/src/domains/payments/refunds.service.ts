import { randomBytes } from 'node:crypto';
import { toYuan } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Row } from '../../db/schema.ts';
import type { PaymentsConfig } from '../../payments-config.ts';
import { moveOrder } from '../orders/index.ts';
import type { RefundReport } from './gateway.ts';
import { gatewayFor, notifyUrl } from './gateways.ts';
import { ORDER_NOT_FOUND, QUERY_AFTER_MS } from './payment-rules.ts';
import { record } from './payment-records.ts';
import * as repo from './payments.repository.ts';

/*
 * The gateways' side of refunds (docs/payments.md, "Refunds"): a WeChat Pay or Alipay refund is
 * reserved here in the transaction of the step that gives the money back (the refund workflow,
 * apps/server/src/workflows/refund.ts, the one entry point of every refund), handed to the
 * gateway once that has committed, and completed by the gateway's report; the scheduler sends
 * what is still waiting and asks about what is pending.
 */

const REFUND_NOT_ONLINE = '未找到该订单的微信/支付宝付款记录，无法原路退款';
export const REFUND_TOO_MUCH = '退款金额超出可退金额';
const PAYMENT_NOT_FOUND = '付款记录不存在';
const NOT_ARRIVED = '该笔付款未到账，无需退款';
const PAID_THE_ORDER = '该笔付款已用于支付订单，请使用订单退款';
const STRAY_REFUNDED = '该笔付款已退款';

/** A refund number: the order number and 8 random hex characters (unique per attempt). */
const newRefundNo = (orderNumber: string) => `${orderNumber}R${randomBytes(4).toString('hex')}`;

export interface RefundRequest {
  orderId: number;
  /** Fen; omitted: whatever of the paid amount is not refunded yet. */
  amountFen?: number;
  reason: string;
  staffId: number | null;
}

/**
 * Reserves a refund of an order paid by WeChat Pay or Alipay, in the caller's transaction (so a
 * cancel or an audit row commits with it): the refund row is 'requested' until sendRefund
 * hands it to the gateway. The sum of refunds never exceeds what the gateway collected: the
 * caller holds the order's row (its refund or cancel moved it), so a concurrent refund reads
 * the sum with this one in it. `wholeRefused`, when given, is the answer to a refund that would
 * give back all the gateway collected (an order that has shipped nothing is refunded in full
 * only by cancelling it).
 */
export async function reserveGatewayRefund(
  trx: Db,
  order: Row<'orders'>,
  p: Omit<RefundRequest, 'orderId'> & { wholeRefused: string | null },
): Promise<repo.RefundRow> {
  const tx = await repo.payingTransaction(trx, order.id, order.payType);
  if (!tx) throw badRequest(REFUND_NOT_ONLINE);
  const already = await repo.refundedOfTradeFen(trx, tx.payType, tx.outTradeNo, 'not-failed');
  const amount = p.amountFen ?? tx.amount - already;
  if (!Number.isInteger(amount) || amount <= 0 || already + amount > tx.amount) {
    throw badRequest(REFUND_TOO_MUCH);
  }
  if (p.wholeRefused !== null && already + amount === tx.amount) {
    throw badRequest(p.wholeRefused);
  }
  return repo.insertRefund(trx, {
    orderId: order.id,
    payType: tx.payType,
    outTradeNo: tx.outTradeNo,
    outRefundNo: newRefundNo(order.number),
    amount,
    state: 'requested',
    reason: p.reason,
    staffId: p.staffId,
    gatewayRefundId: '',
    createdAt: now(),
    stray: 0,
  });
}

/**
 * Hands a requested refund to its gateway (again, if an earlier try got no answer: both
 * gateways treat a repeated refund number as the same refund). WeChat answers 'processing' and
 * its refund notification completes it; Alipay answers at once.
 */
export async function sendRefund(
  db: Db,
  cfg: PaymentsConfig,
  refund: repo.RefundRow,
): Promise<void> {
  const tx = await repo.findTransaction(db, refund.payType, refund.outTradeNo);
  if (!tx) return;
  const log = {
    orderId: refund.orderId,
    payType: refund.payType,
    kind: 'refund',
    outTradeNo: refund.outTradeNo,
  };
  const gateway = gatewayFor(cfg, refund.payType);
  if (!gateway) {
    await record(db, { ...log, verified: false, outcome: 'gateway_off', payload: '' });
    return;
  }
  try {
    const a = await gateway.refund({
      outTradeNo: refund.outTradeNo,
      outRefundNo: refund.outRefundNo,
      refundFen: refund.amount,
      totalFen: tx.amount,
      reason: refund.reason,
      notifyUrl: notifyUrl(cfg, refund.payType),
    });
    await record(db, { ...log, verified: a.verified, outcome: a.outcome, payload: a.raw });
    if (a.accepted) {
      await repo.markRefundSent(db, refund.id, a.gatewayRefundId);
      if (a.completed) await completeRefund(db, refund, 'success', a.gatewayRefundId);
    } else if (a.refused) {
      await repo.finishRefund(db, {
        id: refund.id,
        state: 'failed',
        gatewayRefundId: '',
        at: now(),
      });
    }
  } catch (err) {
    // The request may or may not have reached the gateway: the refund stays as it is and the
    // scheduled job sends it again with the same refund number.
    await record(db, { ...log, verified: false, outcome: 'error', payload: String(err) });
  }
}

/** Sends the refunds still waiting to go to their gateway (of one order, or all of them). */
export async function sendRequestedRefunds(
  db: Db,
  cfg: PaymentsConfig,
  orderId?: number,
): Promise<void> {
  for (const refund of await repo.requestedRefunds(db, orderId, 50))
    await sendRefund(db, cfg, refund);
}

/**
 * Reserves the refund, in full and through its gateway, of a payment whose money paid nothing of
 * its order (docs/payments.md, "Money that paid nothing"), in the caller's transaction. It never
 * changes the order: the order's own refunds and 已退款 count only the trade that paid it. The
 * conditional update takes the payment's row: a second refund of it waits for this transaction,
 * then finds this refund in the sum.
 */
export async function reserveStrayRefund(
  trx: Db,
  p: { orderId: number; transactionId: number; reason: string; staffId: number },
): Promise<repo.RefundRow> {
  const order = await repo.findOrderById(trx, p.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const tx = (await repo.strayTransactions(trx, order.id)).find((t) => t.id === p.transactionId);
  if (!tx) {
    // Not such a payment: say which of the order's payments it is, if any.
    const other = (await repo.transactionsOfOrder(trx, order.id)).find(
      (t) => t.id === p.transactionId,
    );
    if (!other) throw notFound(PAYMENT_NOT_FOUND);
    throw badRequest(other.state === 'paid' ? PAID_THE_ORDER : NOT_ARRIVED);
  }
  if (!(await repo.holdPaidTransaction(trx, tx.id, now()))) throw badRequest(NOT_ARRIVED);
  if ((await repo.refundedOfTradeFen(trx, tx.payType, tx.outTradeNo, 'not-failed')) > 0) {
    throw badRequest(STRAY_REFUNDED);
  }
  return repo.insertRefund(trx, {
    orderId: order.id,
    payType: tx.payType,
    outTradeNo: tx.outTradeNo,
    outRefundNo: newRefundNo(order.number),
    amount: tx.amount,
    state: 'requested',
    reason: p.reason,
    staffId: p.staffId,
    gatewayRefundId: '',
    createdAt: now(),
    stray: 1,
  });
}

/** The refund as it stands now (after its gateway was asked). */
export const refundAsItStands = async (db: Db, refund: repo.RefundRow) =>
  (await repo.findRefund(db, refund.outRefundNo)) ?? refund;

async function completeRefund(
  db: Db,
  refund: repo.RefundRow,
  state: 'success' | 'failed',
  gatewayRefundId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await repo.finishRefund(trx, { id: refund.id, state, gatewayRefundId, at: now() });
    // Money that paid nothing of the order never makes it 已退款.
    if (done && state === 'success' && refund.stray === 0) {
      const order = await repo.findOrderById(trx, refund.orderId);
      const refunded = await repo.refundedOfTradeFen(
        trx,
        refund.payType,
        refund.outTradeNo,
        'successful',
      );
      if (order?.amount !== null && order?.amount !== undefined && refunded >= order.amount) {
        await moveOrder(trx, refund.orderId, 'gateway-refunded', {
          by: 'gateway',
          set: { updatedAt: now() },
        });
      }
    }
    return done;
  });
}

/** Applies a genuine refund report (notification or query) to its refund, once. */
export async function handleRefundReport(
  db: Db,
  p: RefundReport & { payType: number; kind: string; payload: string },
): Promise<boolean> {
  const refund = await repo.findRefund(db, p.outRefundNo);
  let outcome = 'unknown_refund';
  if (refund && refund.payType === p.payType) {
    // Processing, or abnormal (the merchant finishes it on the gateway's platform): the refund
    // stays reserved, neither done nor failed, and the scheduled query follows it.
    outcome =
      p.status === null || p.status === 'abnormal'
        ? (p.status ?? 'processing')
        : (await completeRefund(db, refund, p.status, p.gatewayRefundId))
          ? p.status
          : 'duplicate';
  }
  await record(db, {
    orderId: refund?.orderId ?? null,
    payType: p.payType,
    kind: p.kind,
    outTradeNo: refund?.outTradeNo ?? '',
    verified: true,
    outcome,
    payload: p.payload,
  });
  return refund !== undefined;
}

/** Scheduled: sends the refunds still waiting, then asks about those pending after a minute. */
export async function queryPendingRefunds(db: Db, cfg: PaymentsConfig, limit = 50): Promise<void> {
  await sendRequestedRefunds(db, cfg);
  for (const refund of await repo.pendingRefunds(db, now() - QUERY_AFTER_MS, limit)) {
    const gateway = gatewayFor(cfg, refund.payType);
    if (!gateway) continue;
    try {
      const a = await gateway.queryRefund(refund.outTradeNo, refund.outRefundNo);
      if (!a.report) {
        // Unsigned or not usable: recorded, and the refund stays as it is.
        await record(db, {
          orderId: refund.orderId,
          payType: refund.payType,
          kind: 'refund_query',
          outTradeNo: refund.outTradeNo,
          verified: a.verified,
          outcome: a.outcome,
          payload: a.raw,
        });
        continue;
      }
      await handleRefundReport(db, {
        ...a.report,
        payType: refund.payType,
        kind: 'refund_query',
        payload: a.raw,
      });
    } catch (err) {
      await record(db, {
        orderId: refund.orderId,
        payType: refund.payType,
        kind: 'refund_query',
        outTradeNo: refund.outTradeNo,
        verified: false,
        outcome: 'error',
        payload: String(err),
      });
    }
  }
}

export const refundView = (r: repo.RefundRow) => ({
  id: r.id,
  payType: r.payType,
  outRefundNo: r.outRefundNo,
  amount: toYuan(r.amount),
  state: r.state,
  reason: r.reason,
  staffId: r.staffId,
  createTime: r.createdAt,
  completeTime: r.completedAt,
  stray: r.stray === 1,
});
