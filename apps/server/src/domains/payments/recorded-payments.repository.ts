import { PayType } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';

/** `order_payments.kind`: money received for an order (a transfer confirmed, a settlement). */
export const PAYMENT_RECEIVED = 1;
/** `order_payments.kind`: money a cancel gave back by bank. */
export const PAYMENT_REFUNDED = 2;

/** A bank transfer received (kind 1) or a bank refund to pay out (kind 2), as the export reads it. */
export type RecordedBankPayment = Pick<
  Row<'orderPayments'>,
  'kind' | 'orderId' | 'payType' | 'amount' | 'reference' | 'staffId' | 'createdAt'
>;

/** Money received (kind 1) of one pay type within the period, oldest first, at most `limit`. */
function receivedWithin(
  db: Db,
  payType: number,
  period: { from: number; to: number },
  limit: number,
): Promise<RecordedBankPayment[]> {
  return db
    .selectFrom('orderPayments')
    .select(['kind', 'orderId', 'payType', 'amount', 'reference', 'staffId', 'createdAt'])
    .where('payType', '=', payType)
    .where('kind', '=', PAYMENT_RECEIVED)
    .where('createdAt', '>=', period.from)
    .where('createdAt', '<=', period.to)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Bank-transfer money staff recorded within the period (both ends inclusive), oldest first, at
 * most `limit`: transfers received and the bank refunds to pay out, for the payments export.
 * Every bank refund, in part or what a cancel left, is an order refund (docs/payments.md,
 * "Refunds"), its reason in `reference`; the balance and the gateways keep their own record of
 * theirs, so only bank transfers are read here.
 */
export async function bankPaymentsWithin(
  db: Db,
  period: { from: number; to: number },
  limit: number,
): Promise<RecordedBankPayment[]> {
  const [received, refunds] = await Promise.all([
    receivedWithin(db, PayType.BANK_TRANSFER, period, limit),
    db
      .selectFrom('orderRefunds')
      .select(['orderId', 'payType', 'amount', 'reason as reference', 'staffId', 'createdAt'])
      .where('payType', '=', PayType.BANK_TRANSFER)
      .where('createdAt', '>=', period.from)
      .where('createdAt', '<=', period.to)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  return [...received, ...refunds.map((r) => ({ ...r, kind: PAYMENT_REFUNDED }))]
    .sort((a, b) => a.createdAt - b.createdAt)
    .slice(0, limit);
}

/**
 * Credit (月结) orders settled within the period (both ends inclusive), oldest first, at most
 * `limit`: each order's share of a settlement (docs/contract-prices-credit.md section 4), for the
 * payments export.
 */
export async function creditSettlementsWithin(
  db: Db,
  period: { from: number; to: number },
  limit: number,
): Promise<RecordedBankPayment[]> {
  return receivedWithin(db, PayType.CREDIT, period, limit);
}

/** Money staff recorded against the order (transfers received, refunds of a cancel), oldest first. */
export async function paymentsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orderPayments as p')
    .leftJoin('staff as s', 's.id', 'p.staffId')
    .selectAll('p')
    .select(['s.name as staffName'])
    .where('p.orderId', '=', orderId)
    .orderBy('p.id')
    .execute();
}

export async function insertPayment(db: Db, row: NewRow<'orderPayments'>): Promise<void> {
  await db.insertInto('orderPayments').values(row).execute();
}
