import { z } from 'zod';
import { idParam, numeric } from './fields.ts';
import { orderVersion, yuanInput } from './manage-orders.ts';

const QUANTITY = '数量须为正整数';

/**
 * PUT /manage/v1/orders/{id}: staff correct an unpaid order (docs/console.md, "Orders"). The
 * lines to keep, each with its quantity (at most what was ordered) and unit price in yuan; a
 * line left out is removed. Freight in yuan, or left out for the shop's rule. The server
 * recomputes every total. `version` is the detail's, as the editor read it.
 */
export const orderEditBody = z.object({
  goods: z
    .array(
      z.object({
        orderGoodsId: idParam,
        quantity: numeric(
          z
            .number({ error: QUANTITY })
            .int({ error: QUANTITY })
            .min(1, { error: QUANTITY })
            .max(1_000_000, { error: QUANTITY }),
        ),
        price: yuanInput('请填写商品单价', 0.01),
      }),
      { error: '订单至少保留一种商品' },
    )
    .min(1, { error: '订单至少保留一种商品' })
    .max(500),
  freight: yuanInput('运费有误').optional(),
  version: orderVersion,
});

/** The totals the server computed for the corrected order, in yuan. */
export const orderTotalsSchema = z.object({
  goodsAmount: z.number(),
  freight: z.number(),
  amount: z.number(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;
