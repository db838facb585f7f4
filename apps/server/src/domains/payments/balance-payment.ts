import { BalanceBusiness } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { debitBalance } from '../balance/index.ts';
import { paidOrdersChanged } from '../stock/index.ts';

const BALANCE_SHORT = '余额不足';

/**
 * Pays an order from the member's balance: one conditional debit and its ledger row. Call it in
 * the transaction that marks the order paid; when the balance does not cover the amount it
 * refuses with 余额不足 and the transaction rolls back.
 */
export async function payFromBalance(
  trx: Db,
  payment: { userId: number; orderId: number; orderNumber: string; amount: number; at: number },
): Promise<void> {
  const balanceAfter = await debitBalance(trx, {
    userId: payment.userId,
    amountFen: payment.amount,
    business: BalanceBusiness.SHOPPING,
    remark: `订单 ${payment.orderNumber} 余额支付`,
    orderId: payment.orderId,
    at: payment.at,
  });
  if (balanceAfter === undefined) throw badRequest(BALANCE_SHORT);
  await paidOrdersChanged(trx);
}
