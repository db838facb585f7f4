import { BalanceBusiness, PayType, toYuan } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { creditBalance } from '../balance/index.ts';
import * as refundsRepo from './order-refunds.repository.ts';
import type { refundView } from './refunds.service.ts';

/*
 * The shop's own refunds (docs/payments.md, "Refunds"): balance and bank-transfer payments are
 * given back by the shop itself, each an order_refunds row in the transaction that books it on
 * the order (the refund workflow), with the balance credit and its ledger row.
 */

/** Pay types whose money the shop gives back itself; WeChat Pay and Alipay go through the gateway. */
export const SHOP_REFUNDED: readonly number[] = [PayType.BALANCE, PayType.BANK_TRANSFER];

export type StaffRefund = ReturnType<typeof refundView>;

/**
 * Gives back `amountFen` of a balance or bank-transfer order in the caller's transaction: the
 * balance credit (with its ledger row) or the bank refund finance pays out, recorded. `what`
 * names it on the ledger row (部分退款, 取消退款).
 */
export async function giveBack(
  trx: Db,
  o: Row<'orders'>,
  p: { amountFen: number; reason: string; staffId: number; at: number },
  what: string,
): Promise<Row<'orderRefunds'>> {
  if (o.payType === PayType.BALANCE) {
    await creditBalance(trx, {
      userId: o.userId,
      amountFen: p.amountFen,
      business: BalanceBusiness.REFUND,
      remark: `订单 ${o.number} ${what}`,
      orderId: o.id,
      at: p.at,
    });
  }
  return refundsRepo.insertOrderRefund(trx, {
    orderId: o.id,
    payType: o.payType,
    amount: p.amountFen,
    reason: p.reason,
    staffId: p.staffId,
    createdAt: p.at,
  });
}

/** A shop refund as the staff's refund answer shows it: done at once. */
export const shopRefundView = (r: Row<'orderRefunds'>): StaffRefund => ({
  id: r.id,
  payType: r.payType,
  outRefundNo: '',
  amount: toYuan(r.amount),
  state: 'success',
  reason: r.reason,
  staffId: r.staffId,
  createTime: r.createdAt,
  completeTime: r.createdAt,
  stray: false,
});
