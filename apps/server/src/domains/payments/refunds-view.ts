import { toYuan } from '@labshop/shared';
import type { OrderRefund } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { refundRowsOf } from './refunds.repository.ts';

/**
 * An order's refunds for its detail pages, the member's and the console's (docs/payments.md,
 * "Refunds"), with their sum: a gateway refund still on its way counts, as it holds its share.
 */
export async function refundsOf(
  db: Db,
  orderId: number,
): Promise<{ refundedAmount: number; refunds: OrderRefund[] }> {
  const rows = await refundRowsOf(db, orderId);
  return {
    refundedAmount: toYuan(rows.reduce((sum, r) => sum + r.amount, 0)),
    refunds: rows.map((r) => ({
      amount: toYuan(r.amount),
      reason: r.reason,
      createTime: r.createdAt,
    })),
  };
}
