import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { notify } from '../notifications/index.ts';
import { moveOrder } from '../orders/index.ts';
import { paidOrdersChanged } from '../stock/index.ts';
import type { PaidReport } from './gateway.ts';
import { record } from './payment-records.ts';
import * as repo from './payments.repository.ts';

export type SettleOutcome =
  'paid' | 'duplicate' | 'paid_order_closed' | 'unknown_order' | 'amount_mismatch';

/** Whether a settled report was this shop's and right (the gateway may stop reporting it). */
export const settledRight = (o: SettleOutcome) => o !== 'unknown_order' && o !== 'amount_mismatch';

/**
 * Applies a genuine, successful payment report (notification or query) exactly once: the
 * transaction moves to paid by a conditional update, and only the caller that moved it pays the
 * order (the life cycle's 'pay', caused by the gateway), so racing notifications, return pages
 * and queries pay the order once. The report arrives at payments' door and is retried by its
 * jobs, so applying it stays here rather than in the pay workflow.
 */
export async function settle(
  db: Db,
  p: PaidReport & { payType: number; kind: string; payload: string },
): Promise<SettleOutcome> {
  return db.transaction().execute(async (trx) => {
    const tx = await repo.findTransaction(trx, p.payType, p.outTradeNo);
    const order = tx ? await repo.findOrderById(trx, tx.orderId) : undefined;
    let outcome: SettleOutcome;
    if (!tx || !order) outcome = 'unknown_order';
    else if (p.amountFen !== tx.amount || p.currency !== 'CNY') {
      outcome = 'amount_mismatch';
    } else {
      const t = now();
      if (!(await repo.markTransactionPaid(trx, tx.id, p.gatewayTradeNo, t))) outcome = 'duplicate';
      else {
        // Only a payment still open pays the order, and only for the amount the order owes: one
        // closed, or superseded by a staff correction (docs/payments.md), asked for money the
        // order no longer owes.
        const paid =
          tx.state === 'open' &&
          (await moveOrder(trx, order.id, 'pay', {
            by: 'gateway',
            set: { payType: p.payType, paidAt: t, updatedAt: t },
            guard: { amount: tx.amount },
          }));
        // Money that arrives for an order already closed or paid otherwise stays visible to
        // the staff as a paid transaction to refund.
        outcome = paid ? 'paid' : 'paid_order_closed';
        if (paid) {
          await paidOrdersChanged(trx);
          await notify(trx, 'payment-received', { orderId: order.id });
        }
      }
    }
    await record(trx, {
      orderId: order?.id ?? null,
      payType: p.payType,
      kind: p.kind,
      outTradeNo: p.outTradeNo,
      verified: true,
      outcome,
      payload: p.payload,
    });
    return outcome;
  });
}
