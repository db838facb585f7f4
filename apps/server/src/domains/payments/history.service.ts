import { toYuan } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { ORDER_NOT_FOUND } from './payment-rules.ts';
import * as repo from './payments.repository.ts';
import { refundView } from './refunds.service.ts';

/** Payment records and refunds of one order, for the staff's order detail. */
export async function paymentHistory(db: Db, orderId: number) {
  if (!(await repo.findOrderById(db, orderId))) throw notFound(ORDER_NOT_FOUND);
  const [records, refunds, transactions, strays] = await Promise.all([
    repo.recordsOfOrder(db, orderId),
    repo.refundsOfOrder(db, orderId),
    repo.transactionsOfOrder(db, orderId),
    repo.strayTransactions(db, orderId),
  ]);
  const refunded = new Set(
    refunds.filter((r) => r.state !== 'failed').map((r) => `${r.payType}:${r.outTradeNo}`),
  );
  const refundable = new Set(
    strays.filter((t) => !refunded.has(`${t.payType}:${t.outTradeNo}`)).map((t) => t.id),
  );
  return {
    transactions: transactions.map((t) => ({
      id: t.id,
      payType: t.payType,
      channel: t.channel,
      outTradeNo: t.outTradeNo,
      amount: toYuan(t.amount),
      state: t.state,
      gatewayTradeNo: t.gatewayTradeNo,
      paidTime: t.paidAt,
      createTime: t.createdAt,
      refundable: refundable.has(t.id),
    })),
    records: records.map((r) => ({
      id: r.id,
      payType: r.payType,
      kind: r.kind,
      outTradeNo: r.outTradeNo,
      verified: r.verified === 1,
      outcome: r.outcome,
      payload: r.payload,
      createTime: r.createdAt,
    })),
    refunds: refunds.map(refundView),
  };
}
