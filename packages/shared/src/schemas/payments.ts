import { z } from 'zod';
import { MSG } from '../validation.ts';
import { numeric, requiredText } from './fields.ts';
import { yuanInput } from './manage-orders.ts';
import { yuan } from './catalogue.ts';
import { bankTransferSchema } from './orders.ts';

/** POST /client/v1/user/orders/{id}/payment. device picks WeChat Native/H5, Alipay page/wap. */
export const payBody = z.object({
  payType: numeric(
    z
      .number({ error: MSG.payTypeRequired })
      .int({ error: MSG.payTypeRequired })
      .min(1, { error: MSG.payTypeRequired })
      .max(4, { error: MSG.payTypeRequired }),
  ),
  device: z.enum(['pc', 'mobile'], { error: '设备类型有误' }).optional(),
});

/** What the buyer's page needs to go on paying: one of codeUrl, redirectUrl, bankTransfer, paid. */
export const paymentStartSchema = z.object({
  payType: z.number().int(),
  number: z.string(),
  amount: z.number(),
  /** Epoch ms when the unpaid order closes. */
  deadline: z.number(),
  codeUrl: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  bankTransfer: bankTransferSchema.nullable(),
  paid: z.boolean(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** GET /client/v1/payments/methods: the pay types the shop can collect now. */
export const payMethodsSchema = z.object({ payTypes: z.array(z.number().int()) });

/** GET /client/v1/user/orders/{id}/payment: how the order can be paid, or where its money went. */
export const paymentInfoSchema = z.object({
  payTypes: z.array(z.number().int()),
  deadline: z.number().nullable(),
  refundedAmount: yuan,
  refundPending: z.boolean(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

/** POST /client/v1/user/orders/{id}/payment/query: the order's state after asking the gateway. */
export const paymentSyncSchema = z.object({
  payStatus: z.number().int(),
  status: z.number().int(),
});
export type PaymentSync = z.infer<typeof paymentSyncSchema>;

/** POST /manage/v1/orders/{id}/refunds: amount in yuan (omitted: all that is left), reason. */
export const refundBody = z.object({
  amount: yuanInput('请输入退款金额', 0.01).optional(),
  reason: requiredText('请输入退款原因', 200),
});

/** POST /manage/v1/orders/{id}/payments/{transactionId}/refund: money that paid nothing. */
export const strayRefundBody = refundBody.pick({ reason: true });

export const gatewayRefundSchema = z.object({
  id: z.number().int(),
  payType: z.number().int(),
  outRefundNo: z.string(),
  amount: z.number(),
  /** requested (not sent yet), pending, success, failed. */
  state: z.string(),
  reason: z.string(),
  staffId: z.number().int().nullable(),
  createTime: z.number(),
  completeTime: z.number().nullable(),
  /** The refund of a payment that paid nothing of the order (docs/payments.md). */
  stray: z.boolean(),
});

/** GET /manage/v1/orders/{id}/payments: gateway payments, every call and notification, refunds. */
export const paymentHistorySchema = z.object({
  transactions: z.array(
    z.object({
      id: z.number().int(),
      payType: z.number().int(),
      channel: z.string(),
      outTradeNo: z.string(),
      amount: z.number(),
      state: z.string(),
      gatewayTradeNo: z.string(),
      paidTime: z.number().nullable(),
      createTime: z.number(),
      /** Paid, but its money paid nothing of the order, and not refunded yet: staff refund it. */
      refundable: z.boolean(),
    }),
  ),
  records: z.array(
    z.object({
      id: z.number().int(),
      payType: z.number().int(),
      kind: z.string(),
      outTradeNo: z.string(),
      verified: z.boolean(),
      outcome: z.string(),
      payload: z.string(),
      createTime: z.number(),
    }),
  ),
  refunds: z.array(gatewayRefundSchema),
});
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;
