import { PayType } from '@labshop/shared';
import type { BankStatementConfirmResult } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { claimStatementRow, mustFindStatement } from '../domains/finance/index.ts';
import { findOrderById } from '../domains/orders/index.ts';
import type { StaffIdentity } from '../domains/staff/index.ts';
import { confirmStatementTransfer } from './confirm-transfer.ts';
import { settleCreditOrder } from './settle-credit.ts';

/*
 * 确认收款 from a bank statement (docs/contract-prices-credit.md section 5): finance confirms the
 * chosen matched rows together. Each row is its own transaction: the row is claimed (a guarded
 * update, so a row confirmed twice at once is confirmed once, and the unique confirmed order
 * keeps two rows from paying one order), then its order is paid: a transfer order by the
 * transfer confirmation, a credit (月结) order by a settlement of that one order.
 * A row that cannot be confirmed is answered with its reason and the others still go through.
 */

const MSG_CREDIT_AMOUNT = '到账金额与月结订单应付金额不一致';

export async function confirmStatementRows(
  db: Db,
  staff: StaffIdentity,
  statementId: number,
  rows: readonly number[],
): Promise<BankStatementConfirmResult> {
  await mustFindStatement(db, statementId);
  const result: BankStatementConfirmResult = { confirmed: [], refused: [] };
  for (const row of [...new Set(rows)].sort((a, b) => a - b)) {
    try {
      const orderId = await db.transaction().execute(async (trx) => {
        const claimed = await claimStatementRow(trx, staff, statementId, row);
        const order = await findOrderById(trx, claimed.orderId);
        if (order?.payType === PayType.CREDIT) {
          if (order.amount !== claimed.amount) throw badRequest(MSG_CREDIT_AMOUNT);
          const reference = claimed.memo || `银行流水 ${statementId} 第 ${row} 行`;
          await settleCreditOrder(trx, staff, order.id, reference.slice(0, 64));
        } else {
          await confirmStatementTransfer(trx, staff, claimed.orderId, { ...claimed, statementId });
        }
        return claimed.orderId;
      });
      result.confirmed.push({ row, orderId });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.refused.push({ row, msg: err.message });
    }
  }
  return result;
}
