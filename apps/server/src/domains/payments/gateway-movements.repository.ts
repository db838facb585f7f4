import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

/*
 * Money the gateways moved within a period, for the payments export (docs/console.md, "Lists"):
 * payments as paid (their paid time) and refunds as completed (their completion time). Open,
 * closed, failed or still pending ones moved nothing.
 */

export interface GatewayPeriod {
  from: number;
  to: number;
  /** Only this pay type (WeChat Pay or Alipay), when given. */
  payType?: number | undefined;
}

export async function paidWithin(
  db: Db,
  p: GatewayPeriod,
  limit: number,
): Promise<Row<'paymentTransactions'>[]> {
  let q = db
    .selectFrom('paymentTransactions')
    .selectAll()
    .where('state', '=', 'paid')
    .where('paidAt', '>=', p.from)
    .where('paidAt', '<=', p.to);
  if (p.payType !== undefined) q = q.where('payType', '=', p.payType);
  return q.orderBy('paidAt').orderBy('id').limit(limit).execute();
}

export async function refundedWithin(
  db: Db,
  p: GatewayPeriod,
  limit: number,
): Promise<Row<'paymentRefunds'>[]> {
  let q = db
    .selectFrom('paymentRefunds')
    .selectAll()
    .where('state', '=', 'success')
    .where('completedAt', '>=', p.from)
    .where('completedAt', '<=', p.to);
  if (p.payType !== undefined) q = q.where('payType', '=', p.payType);
  return q.orderBy('completedAt').orderBy('id').limit(limit).execute();
}
