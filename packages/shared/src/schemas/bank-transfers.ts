import { z } from 'zod';
import { idParam, optionalText, requiredText } from './fields.ts';
import { yuanInput } from './manage-orders.ts';

/** Most orders one bank transfer may pay (合并确认收款). */
export const BANK_TRANSFER_ORDERS_MAX = 50;

/**
 * POST /manage/v1/payments/bank-transfers: one received transfer that pays several unpaid
 * bank-transfer orders at once; `amount` must equal the sum of their amounts. Without
 * `overrideReason` the statement's note (`reference`) must name every order's transfer reference.
 * docs/payments.md, "Bank transfers".
 */
export const bankTransferBody = z.object({
  amount: yuanInput('请输入到账金额', 0.01),
  reference: requiredText('请输入转账附言/流水号', 100),
  payer: optionalText(100),
  orderIds: z
    .array(idParam, { error: '请选择要确认收款的订单' })
    .min(1, { error: '请选择要确认收款的订单' })
    .max(BANK_TRANSFER_ORDERS_MAX, {
      error: `一笔转账最多确认 ${BANK_TRANSFER_ORDERS_MAX} 个订单`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: '订单不能重复' }),
  overrideReason: optionalText(200),
});
