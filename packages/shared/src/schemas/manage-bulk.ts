import { z } from 'zod';
import { idParam, requiredText } from './fields.ts';
import { flagField, PRICE_MAX_YUAN } from './manage-catalogue.ts';

/** Most products one bulk action takes (docs/console.md, "Bulk actions"). */
export const BULK_PRODUCTS_MAX = 500;
/** Most orders one 批量发货 ships: each is a package of its own with its own tracking number. */
export const BULK_SHIP_MAX = 100;
/** A percentage change lies above -100% (a price never reaches 0) and at most +1000%. */
export const BULK_PERCENT_MAX = 1000;

const MSG_IDS = '请选择商品';
const productIds = z
  .array(idParam, { error: MSG_IDS })
  .min(1, { error: MSG_IDS })
  .max(BULK_PRODUCTS_MAX, { error: `一次最多处理 ${BULK_PRODUCTS_MAX} 个商品` })
  .transform((ids) => [...new Set(ids)]);

/** POST /manage/v1/products/bulk/on-sale: 批量上架 / 批量下架. */
export const bulkOnSaleBody = z.object({ ids: productIds, onSale: flagField });

/** A signed decimal with at most two decimals, as a number or its text; anything else is NaN. */
const SIGNED_DECIMAL_RE = /^-?\d+(?:\.\d{1,2})?$/;
const twoDecimals = (error: string) =>
  z.preprocess((v) => {
    if (typeof v === 'string') return SIGNED_DECIMAL_RE.test(v.trim()) ? Number(v.trim()) : NaN;
    if (typeof v === 'number' && !SIGNED_DECIMAL_RE.test(String(v))) return NaN;
    return v;
  }, z.number({ error }));

export const BULK_PRICE_FIELDS = ['price', 'userPrice'] as const;
export const BULK_PRICE_MODES = ['percent', 'fixed'] as const;

/**
 * POST /manage/v1/products/bulk/prices: 批量改价. `percent` moves each pack's price by `value`
 * percent (negative is down), `fixed` sets it to `value` yuan; the server rounds to the fen
 * (docs/console.md, "Bulk actions").
 */
export const bulkPriceBody = z
  .object({
    ids: productIds,
    field: z.enum(BULK_PRICE_FIELDS, { error: '请选择调整市场价或会员价' }),
    mode: z.enum(BULK_PRICE_MODES, { error: '请选择调价方式' }),
    value: twoDecimals('请输入调整值（数字，最多两位小数）'),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'percent' && (b.value <= -100 || b.value > BULK_PERCENT_MAX || b.value === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `调整比例须大于 -100% 且不超过 ${BULK_PERCENT_MAX}%，不能为 0`,
      });
    }
    if (b.mode === 'fixed' && (b.value < 0.01 || b.value > PRICE_MAX_YUAN)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `价格须在 0.01 到 ${PRICE_MAX_YUAN} 元之间`,
      });
    }
  });
export type BulkPriceInput = z.infer<typeof bulkPriceBody>;

/** How many products a bulk product action changed. */
export const bulkChangedSchema = z.object({ changed: z.number().int() });

/**
 * POST /manage/v1/orders/bulk/deliveries: 批量发货. Every order ships what it still owes as one
 * package from the warehouse, with its own tracking number.
 */
export const bulkShipBody = z.object({
  storeId: idParam,
  carrier: requiredText('请输入快递公司', 50),
  orders: z
    .array(z.object({ orderId: idParam, trackingNumber: requiredText('请输入快递单号', 50) }), {
      error: '请选择订单',
    })
    .min(1, { error: '请选择订单' })
    .max(BULK_SHIP_MAX, { error: `一次最多发货 ${BULK_SHIP_MAX} 个订单` })
    .refine((list) => new Set(list.map((o) => o.orderId)).size === list.length, {
      error: '订单重复',
    }),
});
export type BulkShipInput = z.infer<typeof bulkShipBody>;

/** The outcome per order: the packages shipped and the orders refused with the reason. */
export const bulkShipResultSchema = z.object({
  shipped: z.array(
    z.object({ orderId: z.number().int(), number: z.string(), deliveryId: z.number().int() }),
  ),
  failed: z.array(z.object({ orderId: z.number().int(), number: z.string(), reason: z.string() })),
});
export type BulkShipResult = z.infer<typeof bulkShipResultSchema>;
