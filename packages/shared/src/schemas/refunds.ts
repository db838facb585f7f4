import { z } from 'zod';

/** One refund of an order, as the member and staff see it (docs/payments.md, "Refunds"). */
export const orderRefundSchema = z.object({
  /** Yuan. */
  amount: z.number(),
  reason: z.string(),
  createTime: z.number(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/**
 * What an order's detail says of the money given back: every refund not failed, oldest first,
 * and their sum in yuan (a gateway refund still on its way counts, as it holds its share).
 */
export const orderRefundFields = {
  refundedAmount: z.number(),
  refunds: z.array(orderRefundSchema),
};
