import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewRow, Row } from '../../db/schema.ts';

export type TransactionRow = Row<'paymentTransactions'>;
export type RefundRow = Row<'paymentRefunds'>;

export async function insertRecord(db: Db, record: NewRow<'paymentRecords'>): Promise<void> {
  await db.insertInto('paymentRecords').values(record).execute();
}

export async function recordsOfOrder(db: Db, orderId: number): Promise<Row<'paymentRecords'>[]> {
  return db
    .selectFrom('paymentRecords')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function findOrderOf(
  db: Db,
  userId: number,
  id: number,
): Promise<Row<'orders'> | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findOrderById(db: Db, id: number): Promise<Row<'orders'> | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Opens (or reopens for another try) the order's payment with one gateway. */
export async function upsertTransaction(
  db: Db,
  t: {
    orderId: number;
    payType: number;
    channel: string;
    outTradeNo: string;
    amount: number;
    at: number;
  },
): Promise<TransactionRow> {
  return db
    .insertInto('paymentTransactions')
    .values({
      orderId: t.orderId,
      payType: t.payType,
      channel: t.channel,
      outTradeNo: t.outTradeNo,
      amount: t.amount,
      state: 'open',
      gatewayTradeNo: '',
      createdAt: t.at,
      updatedAt: t.at,
    })
    .onConflict((oc) =>
      oc.columns(['payType', 'outTradeNo']).doUpdateSet({ channel: t.channel, updatedAt: t.at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findTransaction(
  db: Db,
  payType: number,
  outTradeNo: string,
): Promise<TransactionRow | undefined> {
  return db
    .selectFrom('paymentTransactions')
    .selectAll()
    .where('payType', '=', payType)
    .where('outTradeNo', '=', outTradeNo)
    .executeTakeFirst();
}

export async function transactionsOfOrder(db: Db, orderId: number): Promise<TransactionRow[]> {
  return db
    .selectFrom('paymentTransactions')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * The gateway transaction that paid the order: the one whose report settle applied to it (a
 * `paid` record, written in the same transaction). An order corrected by staff can also hold a
 * paid transaction of its old amount (`paid_order_closed`), which paid nothing of the order.
 */
export async function payingTransaction(
  db: Db,
  orderId: number,
  payType: number,
): Promise<TransactionRow | undefined> {
  return db
    .selectFrom('paymentTransactions as t')
    .selectAll('t')
    .where('t.orderId', '=', orderId)
    .where('t.payType', '=', payType)
    .where('t.state', '=', 'paid')
    .where((eb) => eb.exists(paidTheOrder(eb)))
    .orderBy('t.id', 'desc')
    .executeTakeFirst();
}

/**
 * The `paid` record of the transaction aliased `t`: settle applied it to its order. WeChat Pay and
 * Alipay trades of one order share its number, so the pay type tells them apart.
 */
const paidTheOrder = (
  eb: ExpressionBuilder<Database & { t: Database['paymentTransactions'] }, 't'>,
) =>
  eb
    .selectFrom('paymentRecords as r')
    .select('r.id')
    .whereRef('r.orderId', '=', 't.orderId')
    .whereRef('r.payType', '=', 't.payType')
    .whereRef('r.outTradeNo', '=', 't.outTradeNo')
    .where('r.outcome', '=', 'paid');

/**
 * The order's paid transactions whose money paid nothing of it (docs/payments.md, "Money that
 * paid nothing"): paid after the order was closed, paid another way, or corrected.
 */
export async function strayTransactions(db: Db, orderId: number): Promise<TransactionRow[]> {
  return db
    .selectFrom('paymentTransactions as t')
    .selectAll('t')
    .where('t.orderId', '=', orderId)
    .where('t.state', '=', 'paid')
    .where((eb) => eb.not(eb.exists(paidTheOrder(eb))))
    .orderBy('t.id')
    .execute();
}

/**
 * Takes a paid transaction's row until the transaction ends, so two refunds of its money are
 * reserved one after the other; answers false when it is not paid.
 */
export async function holdPaidTransaction(db: Db, id: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('paymentTransactions')
    .set({ updatedAt: at })
    .where('id', '=', id)
    .where('state', '=', 'paid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a transaction paid unless it already is; answers whether this call did it. */
export async function markTransactionPaid(
  db: Db,
  id: number,
  gatewayTradeNo: string,
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('paymentTransactions')
    .set({ state: 'paid', gatewayTradeNo, paidAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('state', '!=', 'paid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks an open or superseded transaction closed once its gateway confirmed the close. */
export async function markTransactionClosed(db: Db, id: number, at: number): Promise<void> {
  await db
    .updateTable('paymentTransactions')
    .set({ state: 'closed', updatedAt: at })
    .where('id', '=', id)
    .where('state', 'in', ['open', 'superseded'])
    .execute();
}

/**
 * Staff changed what the order owes: its open transactions ask for the old amount and may no
 * longer pay it (docs/payments.md, "An order corrected by staff"). Answers how many it marked.
 */
export async function supersedeOpenTransactions(
  db: Db,
  orderId: number,
  at: number,
): Promise<number> {
  const res = await db
    .updateTable('paymentTransactions')
    .set({ state: 'superseded', updatedAt: at })
    .where('orderId', '=', orderId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Superseded transactions still to be closed at their gateway (of one order, or any). */
export async function supersededTransactions(
  db: Db,
  orderId: number | undefined,
  limit: number,
): Promise<TransactionRow[]> {
  let q = db.selectFrom('paymentTransactions').selectAll().where('state', '=', 'superseded');
  if (orderId !== undefined) q = q.where('orderId', '=', orderId);
  return q.orderBy('id').limit(limit).execute();
}

/** Open gateway payments created before `before`, oldest first. */
export async function openTransactions(
  db: Db,
  before: number,
  limit: number,
): Promise<TransactionRow[]> {
  return db
    .selectFrom('paymentTransactions')
    .selectAll()
    .where('state', '=', 'open')
    .where('updatedAt', '<', before)
    .orderBy('updatedAt')
    .limit(limit)
    .execute();
}

export async function insertRefund(db: Db, r: NewRow<'paymentRefunds'>): Promise<RefundRow> {
  return db.insertInto('paymentRefunds').values(r).returningAll().executeTakeFirstOrThrow();
}

export async function refundsOfOrder(db: Db, orderId: number): Promise<RefundRow[]> {
  return db
    .selectFrom('paymentRefunds')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function findRefund(db: Db, outRefundNo: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('paymentRefunds')
    .selectAll()
    .where('outRefundNo', '=', outRefundNo)
    .executeTakeFirst();
}

export async function pendingRefunds(db: Db, before: number, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('paymentRefunds')
    .selectAll()
    .where('state', '=', 'pending')
    .where('createdAt', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Completes a pending refund once; answers whether this call did it. */
export async function finishRefund(
  db: Db,
  p: { id: number; state: 'success' | 'failed'; gatewayRefundId: string; at: number },
): Promise<boolean> {
  const res = await db
    .updateTable('paymentRefunds')
    .set({ state: p.state, gatewayRefundId: p.gatewayRefundId, completedAt: p.at })
    .where('id', '=', p.id)
    .where('state', 'in', ['requested', 'pending'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The gateway accepted a requested refund: it is pending until the gateway reports it done. */
export async function markRefundSent(db: Db, id: number, gatewayRefundId: string): Promise<void> {
  await db
    .updateTable('paymentRefunds')
    .set({ state: 'pending', gatewayRefundId })
    .where('id', '=', id)
    .where('state', '=', 'requested')
    .execute();
}

export async function requestedRefunds(
  db: Db,
  orderId: number | undefined,
  limit: number,
): Promise<RefundRow[]> {
  let q = db.selectFrom('paymentRefunds').selectAll().where('state', '=', 'requested');
  if (orderId !== undefined) q = q.where('orderId', '=', orderId);
  return q.orderBy('id').limit(limit).execute();
}

/**
 * Sum of the refunds of one gateway trade not failed (pending ones hold their share of what it
 * collected), or only the successful ones.
 */
export async function refundedOfTradeFen(
  db: Db,
  payType: number,
  outTradeNo: string,
  which: 'not-failed' | 'successful',
): Promise<number> {
  const ofTrade = db
    .selectFrom('paymentRefunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('payType', '=', payType)
    .where('outTradeNo', '=', outTradeNo);
  const row = await (
    which === 'successful'
      ? ofTrade.where('state', '=', 'success')
      : ofTrade.where('state', '!=', 'failed')
  ).executeTakeFirst();
  return Number(row?.total ?? 0);
}
