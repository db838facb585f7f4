import { PayStatus } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentsConfig } from '../../payments-config.ts';
import { gatewayFor } from './gateways.ts';
import { ORDER_NOT_FOUND, QUERY_AFTER_MS } from './payment-rules.ts';
import { record } from './payment-records.ts';
import * as repo from './payments.repository.ts';
import { settle, settledRight } from './settle.ts';

/** Asks the gateway about one open transaction and settles it when it was paid. */
async function queryTransaction(
  db: Db,
  cfg: PaymentsConfig,
  tx: repo.TransactionRow,
): Promise<'paid' | 'unpaid' | 'error'> {
  const gateway = gatewayFor(cfg, tx.payType);
  if (!gateway) return 'error';
  const log = {
    orderId: tx.orderId,
    payType: tx.payType,
    kind: 'query',
    outTradeNo: tx.outTradeNo,
  };
  try {
    const a = await gateway.query(tx.outTradeNo);
    if (!a.paid) {
      await record(db, { ...log, verified: a.verified, outcome: a.outcome, payload: a.raw });
      return a.verified ? 'unpaid' : 'error';
    }
    const outcome = await settle(db, {
      ...a.paid,
      payType: tx.payType,
      kind: 'query',
      payload: a.raw,
    });
    return settledRight(outcome) ? 'paid' : 'error';
  } catch (err) {
    await record(db, { ...log, verified: false, outcome: 'error', payload: String(err) });
    return 'error';
  }
}

/**
 * The buyer is back from the gateway (or the payment page polls): asks the gateway about the
 * order's open payments, so a late notification does not keep a paid order unpaid.
 */
export async function syncOrderPayment(
  db: Db,
  cfg: PaymentsConfig,
  userId: number,
  orderId: number,
): Promise<{ payStatus: number; status: number }> {
  const order = await repo.findOrderOf(db, userId, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.payStatus === PayStatus.UNPAID) {
    for (const tx of await repo.transactionsOfOrder(db, order.id)) {
      if (tx.state === 'open') await queryTransaction(db, cfg, tx);
    }
  }
  const after = await repo.findOrderOf(db, userId, orderId);
  return { payStatus: after?.payStatus ?? order.payStatus, status: after?.status ?? order.status };
}

/** Scheduled: queries gateway payments still open a minute after they started. */
export async function queryOpenPayments(db: Db, cfg: PaymentsConfig, limit = 100): Promise<number> {
  const open = await repo.openTransactions(db, now() - QUERY_AFTER_MS, limit);
  let paid = 0;
  for (const tx of open) if ((await queryTransaction(db, cfg, tx)) === 'paid') paid += 1;
  return paid;
}

/** Closes one transaction at its gateway; answers whether it is closed there (or never existed). */
export async function closeAtGateway(
  db: Db,
  cfg: PaymentsConfig,
  tx: repo.TransactionRow,
): Promise<boolean> {
  const gateway = gatewayFor(cfg, tx.payType);
  if (!gateway) return false;
  const log = {
    orderId: tx.orderId,
    payType: tx.payType,
    kind: 'close',
    outTradeNo: tx.outTradeNo,
  };
  try {
    const a = await gateway.close(tx.outTradeNo);
    await record(db, { ...log, verified: a.verified, outcome: a.outcome, payload: a.raw });
    return a.closed;
  } catch (err) {
    await record(db, { ...log, verified: false, outcome: 'error', payload: String(err) });
    return false;
  }
}

/**
 * Before an unpaid order past its deadline closes (the cancel-order workflow's closing job):
 * each of its open gateway payments is asked first (a payment that did arrive wins and pays the
 * order), then closed at the gateway. Answers 'paid', 'closed' when every gateway confirmed the
 * close (so money can never arrive for the order once the shop closes it), or 'open' when one
 * could not be closed now and the job tries again.
 */
export async function closeOpenPayments(
  db: Db,
  cfg: PaymentsConfig,
  orderId: number,
): Promise<'paid' | 'closed' | 'open'> {
  let allClosed = true;
  for (const tx of await repo.transactionsOfOrder(db, orderId)) {
    if (tx.state !== 'open') continue;
    if ((await queryTransaction(db, cfg, tx)) === 'paid') return 'paid';
    if (!(await closeAtGateway(db, cfg, tx))) allClosed = false;
    else await repo.markTransactionClosed(db, tx.id, now());
  }
  return allClosed ? 'closed' : 'open';
}

/**
 * Staff changed what an unpaid order owes (docs/payments.md, "An order corrected by staff"): its
 * open gateway payments ask for the old amount. In the correction's transaction they are marked
 * superseded, so none of them can pay the order any more.
 */
export async function supersedePayments(trx: Db, orderId: number, at: number): Promise<void> {
  await repo.supersedeOpenTransactions(trx, orderId, at);
}

/**
 * Closes superseded payments at their gateways (after the correction commits, and on every run
 * of the payments job until each is closed). Each is asked first: money that did arrive for the
 * old amount is recorded once as paid to an order it no longer pays (paid_order_closed), for
 * staff to refund; one the gateway confirms closed can no longer be paid at all.
 */
export async function closeSupersededPayments(
  db: Db,
  cfg: PaymentsConfig,
  orderId?: number,
  limit = 100,
): Promise<void> {
  for (const tx of await repo.supersededTransactions(db, orderId, limit)) {
    if ((await queryTransaction(db, cfg, tx)) !== 'unpaid') continue;
    if (await closeAtGateway(db, cfg, tx)) await repo.markTransactionClosed(db, tx.id, now());
  }
}
