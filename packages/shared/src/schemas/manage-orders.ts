import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import {
  epochMs,
  idCardNumber,
  idParam,
  numeric,
  optionalText,
  pageQuery,
  requiredText,
} from './fields.ts';
import { yuan } from './catalogue.ts';
import { lotNumberField, lotSchema } from './lots.ts';
import { orderGoodsSchema, orderLineShippingSchema } from './orders.ts';
import { orderRefundFields } from './refunds.ts';
import { orderOrgFields } from './approval.ts';
import { ORDER_SORTS, sortParam } from './sorting.ts';

/** An optional list filter: one of the integer codes min..max. */
const filter = (min: number, max: number, error: string) =>
  numeric(z.number({ error }).int({ error }).min(min, { error }).max(max, { error })).optional();

/** Largest single amount staff may enter, in yuan (money columns are 32-bit fen). */
export const MANAGE_AMOUNT_MAX_YUAN = 20_000_000;

/** A yuan amount from staff: at most two decimals, within bounds. */
export const yuanInput = (message: string, min = 0) =>
  numeric(
    z
      .number({ error: message })
      .min(min, { error: message })
      .max(MANAGE_AMOUNT_MAX_YUAN, { error: '金额超出上限' })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: '金额最多两位小数' }),
  );

/** Comma-separated six-digit region codes (the city multi-select of the order filter). */
const cityCodes = z
  .string({ error: '城市有误' })
  .trim()
  .max(2000, { error: '城市过多' })
  .regex(/^(\d{6})(,\d{6})*$|^$/, { error: '城市有误' })
  .optional()
  .default('');

/** GET /manage/v1/orders. */
export const manageOrderListQuery = pageQuery(20).extend({
  number: optionalText(50),
  status: filter(1, 5, '订单状态有误'),
  payStatus: filter(1, 3, '支付状态有误'),
  payType: filter(1, 5, '支付方式有误'),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
  /** The member's phone or the delivery phone. */
  phone: optionalText(20),
  /** Product name, item number or CAS on an order line. */
  product: optionalText(100),
  cities: cityCodes,
  /** Only 待确认 orders (no amount yet). */
  pending: z.enum(['1', '0'], { error: '参数有误' }).optional(),
  sort: sortParam(ORDER_SORTS),
});

export const memberBriefSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
});

export const manageOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  member: memberBriefSchema,
  deliveryUsername: z.string(),
  deliveryPhone: z.string(),
  deliveryRegionCode: z.string(),
  deliveryAddress: z.string(),
  goodsAmount: yuan,
  freight: yuan,
  amount: yuan,
  count: z.number().int(),
  status: z.number().int(),
  payType: z.number().int(),
  payStatus: z.number().int(),
  createTime: z.number(),
  /** The buyer's purchase order number (采购单号) of a PunchOut order (docs/punchout.md); '' otherwise. */
  poNumber: z.string(),
});
export type ManageOrder = z.infer<typeof manageOrderSchema>;

export const trackSchema = z.object({ context: z.string(), ftime: z.string() });

export const manageDeliverySchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  trackingNumber: z.string(),
  createTime: z.number(),
  goods: z.array(
    z.object({
      orderGoodsId: z.number().int(),
      name: z.string(),
      pack: z.string(),
      quantity: z.number().int(),
      storeId: z.number().int(),
      storeName: z.string(),
      /** The lot the units came from (one goods line per lot), null for a package shipped before lots. */
      lotNumber: z.string().nullable(),
      expire: z.string().nullable(),
    }),
  ),
  track: z.array(trackSchema),
  /** Staff confirmed shipping a lot shorter than the minimum remaining shelf life. */
  shortExpiryConfirmed: z.boolean(),
  /**
   * When the package was cancelled (撤销发货), null while it stands: its units went back to their
   * lots and it no longer counts as shipped.
   */
  cancelledAt: z.number().nullable(),
  /** Why it was cancelled; '' while it stands. */
  cancelReason: z.string(),
});
export type ManageDelivery = z.infer<typeof manageDeliverySchema>;

/** A recorded bank transfer that paid several orders (合并确认收款), and every order it paid. */
export const bankTransferViewSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reference: z.string(),
  payer: z.string(),
  orders: z.array(z.object({ id: z.number().int(), number: z.string(), amount: z.number() })),
});
export type BankTransferView = z.infer<typeof bankTransferViewSchema>;

export const orderPaymentSchema = z.object({
  id: z.number().int(),
  /** 1 transfer received, 2 refund. */
  kind: z.number().int(),
  payType: z.number().int(),
  amount: z.number(),
  reference: z.string(),
  staff: z.string(),
  createTime: z.number(),
  /** Recorded although the statement's note did not match the order (备注不符，仍确认收款). */
  override: z.boolean(),
  /** Why it was recorded anyway; '' without override. */
  overrideReason: z.string(),
  /** The one bank transfer that paid this order together with others (合并确认收款), or null. */
  transfer: bankTransferViewSchema.nullable(),
});

export const historySchema = z.object({
  id: z.number().int(),
  staff: z.string(),
  action: z.string(),
  before: z.string(),
  after: z.string(),
  createTime: z.number(),
});

export const manageOrderDetailSchema = manageOrderSchema.extend({
  ...orderOrgFields,
  /** Each line's shipping class and 预计发货 while it waits for stock (docs/shipping.md). */
  lineShipping: z.array(orderLineShippingSchema),
  /** The order's version (its last change, ms): sent back with an edit so a stale one is refused. */
  version: z.number().int(),
  userRemark: z.string(),
  invoiceType: z.number().int(),
  invoiceCompanyName: z.string(),
  invoiceTaxpayerIdentificationNumber: z.string(),
  invoiceEmail: z.string(),
  invoiceRegisteredAddress: z.string(),
  invoiceRegistrationTelephone: z.string(),
  invoiceDepositBank: z.string(),
  invoiceBankAccountNumber: z.string(),
  invoiceNumber: z.string(),
  invoiceIssuedAt: z.number().nullable(),
  transferReference: z.string(),
  paidAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  cancelReason: z.string(),
  goodsList: z.array(
    orderGoodsSchema.extend({ materialId: z.number().int(), quantityShipped: z.number().int() }),
  ),
  payments: z.array(orderPaymentSchema),
  ...orderRefundFields,
  deliveries: z.array(manageDeliverySchema),
  history: z.array(historySchema),
});
export type ManageOrderDetail = z.infer<typeof manageOrderDetailSchema>;

const REFERENCE_REQUIRED = '请输入转账附言/参考号';
/** The reason finance gives for recording a transfer whose note does not match. */
export const OVERRIDE_REASON_REQUIRED = '请填写备注不符仍确认收款的原因';

/**
 * POST /manage/v1/orders/{id}/payment: a received bank transfer. `reference` is the note on the
 * bank statement; it must match the order's transfer reference unless finance records the
 * payment anyway (`override`, with the reason; the note may then be empty). docs/payments.md.
 */
export const transferBody = z
  .object({
    amount: yuanInput('请输入到账金额', 0.01),
    reference: z
      .string({ error: REFERENCE_REQUIRED })
      .trim()
      .max(100, { error: '内容过长，最多 100 个字符' })
      .optional()
      .default(''),
    override: z
      .boolean({ error: '参数有误：override 应为 true 或 false' })
      .optional()
      .default(false),
    overrideReason: optionalText(200),
  })
  .superRefine((v, ctx) => {
    if (!v.override && !v.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: REFERENCE_REQUIRED });
    }
    if (v.override && !v.overrideReason) {
      ctx.addIssue({ code: 'custom', path: ['overrideReason'], message: OVERRIDE_REASON_REQUIRED });
    }
  });

const BAD_VERSION = '订单版本号有误，请刷新后重试';
/**
 * The order's `version` as the editor read it (the detail's `version`). Optional, so a script may
 * leave it out; the console always sends it, and a stale one is refused (docs/console.md, "Orders").
 */
export const orderVersion = numeric(
  z
    .number({ error: BAD_VERSION })
    .int({ error: BAD_VERSION })
    .min(0, { error: BAD_VERSION })
    .max(Number.MAX_SAFE_INTEGER, { error: BAD_VERSION }),
).optional();

/** PUT /manage/v1/orders/{id}/prices: prices of a 待确认 order's lines (yuan), optional freight. */
export const pricesBody = z.object({
  goods: z
    .array(z.object({ orderGoodsId: idParam, price: yuanInput('请填写商品单价', 0.01) }), {
      error: '请填写商品单价',
    })
    .min(1, { error: '请填写商品单价' })
    .max(500),
  freight: yuanInput('运费有误').optional(),
  version: orderVersion,
});

/** POST /manage/v1/orders/{id}/deliveries: one package. */
export const deliveryBody = z.object({
  carrier: requiredText('请输入快递公司', 50),
  trackingNumber: requiredText('请输入快递单号', 50),
  goods: z
    .array(
      z.object({
        orderGoodsId: idParam,
        quantity: numeric(
          z
            .number({ error: '发货数量有误' })
            .int({ error: '发货数量有误' })
            .min(1, { error: '发货数量有误' })
            .max(LIMITS.quantityMax, { error: '发货数量有误' }),
        ),
        storeId: idParam,
        /** The lot to ship from; without it the first-expiring lots of the warehouse (FEFO). */
        lotNumber: lotNumberField.optional(),
      }),
      { error: '请选择发货商品' },
    )
    .min(1, { error: '请选择发货商品' })
    .max(500),
  /** Ship lots that expire within the shop's minimum remaining shelf life (docs/lots.md). */
  confirmShortExpiry: z.boolean({ error: '参数格式有误' }).optional().default(false),
  /** 经办人 of a regulated package (docs/compliance.md section 5); required for 剧毒 lines. */
  handlerName: optionalText(50),
  handlerIdNumber: idCardNumber.optional().default(''),
});

/** POST /manage/v1/orders/{id}/deliveries/{deliveryId}/tracks: one tracking record. */
export const trackBody = z.object({
  context: requiredText('请输入物流信息', 500),
  /** When it happened (epoch ms); now when left out. */
  time: epochMs.optional(),
});

export const cancelBody = z.object({ reason: requiredText('请输入取消原因', 500) });

/** POST /manage/v1/orders/{id}/deliveries/{deliveryId}/cancel: 撤销发货 of a package shipped by mistake. */
export const cancelDeliveryBody = z.object({ reason: requiredText('请输入撤销原因', 200) });

/** PUT /manage/v1/orders/{id}/invoice: the fapiao issued. */
export const invoiceIssueBody = z.object({
  invoiceNumber: requiredText('请输入发票号码', 50),
  issuedAt: epochMs,
});

export const deliveryParams = z.object({ id: idParam, deliveryId: idParam });

export const storeSchema = z.object({ id: z.number().int(), name: z.string() });
/** Stock of each pack of an order per warehouse, for the shipping form. */
export const orderStockSchema = z.object({
  stores: z.array(storeSchema),
  stocks: z.array(
    z.object({ materialId: z.number().int(), storeId: z.number().int(), count: z.number().int() }),
  ),
  /** Lots with units left that may ship (not expired), first to expire first. */
  lots: z.array(lotSchema.extend({ materialId: z.number().int(), storeId: z.number().int() })),
  /** Lots expiring before this day (YYYY-MM-DD) are short and need confirmShortExpiry. */
  shortBefore: z.string(),
  minShelfLifeMonths: z.number().int(),
});
