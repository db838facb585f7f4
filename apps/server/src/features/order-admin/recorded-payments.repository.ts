import { PayType } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

/**
 * Bank-transfer money staff recorded within the period (both ends inclusive), oldest first, at
 * most `limit`: transfers received (kind 1) and bank refunds to pay out (kind 2), for the
 * payments export. A cancel records a refund row for every pay type, but the balance and the
 * gateways keep their own record of that money, so only bank transfers are read here.
 */
export async function bankPaymentsWithin(
  db: Db,
  period: { from: number; to: number },
  limit: number,
): Promise<Row<'orderPayments'>[]> {
  return db
    .selectFrom('orderPayments')
    .selectAll()
    .where('payType', '=', PayType.BANK_TRANSFER)
    .where('createdAt', '>=', period.from)
    .where('createdAt', '<=', period.to)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}
