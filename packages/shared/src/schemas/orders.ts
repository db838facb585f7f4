import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { EMAIL_RE, invoiceProblem, MSG } from '../validation.ts';
import {
  epochMs,
  idParam,
  numeric,
  optionalText,
  pageQuery,
  phoneField,
  regionPhoneField,
  requiredText,
} from './fields.ts';
import { yuan } from './catalogue.ts';
import { orderRefundFields } from './refunds.ts';
import { orderOrgFields } from './approval.ts';
import { shippingClassField } from './shipping.ts';

/** An optional list filter: one of the integer codes min..max. */
const filter = (min: number, max: number, error: string) =>
  numeric(z.number({ error }).int({ error }).min(min, { error }).max(max, { error })).optional();

const quantity = numeric(
  z
    .number({ error: MSG.quantityRequired })
    .int({ error: '数量必须是整数' })
    .min(1, { error: '数量最少为 1' })
    .max(LIMITS.quantityMax, { error: `数量最多为 ${LIMITS.quantityMax}` }),
);

/** Cart line (docs/product-rules.md section 3); prices in yuan, userPrice null when the pack has none. */
export const cartLineSchema = z.object({
  id: z.number().int(),
  materialId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  number: z.string(),
  brandName: z.string(),
  cas: z.string(),
  pack: z.string(),
  price: yuan,
  userPrice: yuan,
  /** The contract price of the line's quantity, as in search (docs/contract-prices-credit.md). */
  contractPrice: z.number().optional(),
  quantity: z.number().int(),
  image: z.string(),
  checked: z.boolean(),
  /** 预计发货 (YYYY-MM-DD) when the stock does not cover the quantity but a lead time does. */
  expectedShipDate: z.string().nullable(),
  /**
   * 库存不足: neither the stock nor a lead time covers the quantity, so the line stays in the
   * cart but cannot be ordered (docs/shipping.md). Absent: false.
   */
  outOfStock: z.boolean().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** PUT /client/v1/cart: type 1 adds to the line of the same material, 2 sets its quantity. */
export const cartUpdateBody = z.object({
  materialId: idParam,
  quantity,
  type: numeric(
    z
      .number({ error: '操作类型有误' })
      .int({ error: '操作类型有误' })
      .min(1, { error: '操作类型有误' })
      .max(2, { error: '操作类型有误' }),
  ).default(1),
});
const ids = z.array(idParam, { error: '请选择商品' }).max(500, { error: '选择的商品过多' });
/** DELETE /client/v1/cart and POST /client/v1/cart/part. */
export const cartIdsBody = z.object({ ids: ids.min(1, { error: MSG.deleteSelectionRequired }) });
/** POST /client/v1/cart/part: the lines chosen for checkout. */
export const cartPartBody = z.object({ ids: ids.min(1, { error: MSG.checkoutSelectionRequired }) });
/** Answer of PUT /client/v1/cart: the line and its resulting quantity. */
export const cartUpdatedSchema = z.object({ id: z.number().int(), quantity: z.number().int() });

/** The order fields of POST /client/v1/orders: delivery, invoice, pay type and remark. */
const orderFields = z.object({
  deliveryUsername: requiredText('请填写收货人', 50),
  deliveryPhone: regionPhoneField(),
  deliveryRegionCode: requiredText('请选择所在地区', 100),
  deliveryAddress: requiredText('请填写详细地址', 200),
  invoiceType: numeric(
    z
      .number({ error: '请选择发票类型' })
      .int({ error: '请选择发票类型' })
      .min(1, { error: '请选择发票类型' })
      .max(3, { error: '请选择发票类型' }),
  ),
  payType: numeric(
    z
      .number({ error: MSG.payTypeRequired })
      .int({ error: MSG.payTypeRequired })
      .min(1, { error: MSG.payTypeRequired })
      // 5 月结 only for an organization with credit (docs/contract-prices-credit.md).
      .max(5, { error: MSG.payTypeRequired }),
  ),
  userRemark: optionalText(LIMITS.textMax),
  invoiceCompanyName: optionalText(),
  invoiceTaxpayerIdentificationNumber: optionalText(30),
  invoiceEmail: optionalText(),
  invoiceRegisteredAddress: optionalText(),
  invoiceRegistrationTelephone: optionalText(30),
  invoiceDepositBank: optionalText(),
  invoiceBankAccountNumber: optionalText(40),
  /**
   * The buyer's stated use of each 易制爆 line (docs/compliance.md section 3), by pack; kept on
   * the order line for the sales ledger. Other lines need none.
   */
  purposes: z
    .array(
      z.object({
        materialId: idParam,
        purpose: z
          .string({ error: '请填写用途' })
          .trim()
          .max(200, { error: '用途不能超过 200 字' }),
      }),
      { error: '用途格式有误' },
    )
    .max(500, { error: '用途过多' })
    .default([]),
  /** Ordering for an organization and its budget (docs/organizations.md). */
  orgId: idParam.optional(),
  budgetCode: optionalText(40),
});

/** Invoice details are required unless the order takes no invoice (type 3). */
function checkInvoice(b: z.output<typeof orderFields>, ctx: z.RefinementCtx): void {
  const problem = invoiceProblem(
    {
      invoiceType: b.invoiceType,
      header: b.invoiceCompanyName,
      email: b.invoiceEmail,
      taxpayerNumber: b.invoiceTaxpayerIdentificationNumber,
      registerAddress: b.invoiceRegisteredAddress,
      registerTelephone: b.invoiceRegistrationTelephone,
      bankName: b.invoiceDepositBank,
      bankAccount: b.invoiceBankAccountNumber,
    },
    {
      header: MSG.invoiceInfoRequired,
      email: MSG.invoiceInfoRequired,
      taxpayerNumber: MSG.invoiceInfoRequired,
    },
  );
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['invoiceType'] });
}

/** POST /client/v1/orders. Prices, totals, status and owner are never taken from the client. */
export const orderCreateBody = orderFields
  .extend({
    cartIds: z
      .array(idParam, { error: MSG.cartIdsRequired })
      .min(1, { error: MSG.cartIdsRequired })
      .max(500),
  })
  .superRefine(checkInvoice);

/** POST /client/v1/quotes/{id}/order: the order fields without cart lines (the quote has them). */
export const orderFieldsBody = orderFields.superRefine(checkInvoice);

export const orderGoodsSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  number: z.string(),
  brandName: z.string(),
  cas: z.string(),
  pack: z.string(),
  image: z.string(),
  price: yuan,
  quantityPurchase: z.number().int(),
  /** Which price the line paid; null on lines from before contract prices. */
  priceSource: z.enum(['member', 'contract', 'quote']).nullable().optional(),
});

/**
 * Order (docs/product-rules.md section 3); goodsAmount, freight and amount null while pending (待确认).
 * count is the total quantity of all lines.
 */
export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  deliveryUsername: z.string(),
  deliveryPhone: z.string(),
  deliveryRegionCode: z.string(),
  deliveryAddress: z.string(),
  goodsAmount: yuan,
  amount: yuan,
  freight: yuan,
  count: z.number().int(),
  status: z.number().int(),
  payType: z.number().int(),
  payStatus: z.number().int(),
  createTime: z.number(),
  userRemark: z.string(),
  invoiceType: z.number().int(),
  invoiceCompanyName: z.string(),
  invoiceTaxpayerIdentificationNumber: z.string(),
  invoiceEmail: z.string(),
  /** Fapiao number and issue time once staff issued it; '' and null before. */
  invoiceNumber: z.string(),
  invoiceIssuedAt: z.number().nullable(),
  /** The buyer's purchase order number (采购单号) of a PunchOut order (docs/punchout.md); '' otherwise. */
  poNumber: z.string(),
  goodsList: z.array(orderGoodsSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** Bank details and reference answered for bank-transfer orders. */
export const bankTransferSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  reference: z.string(),
});
export const orderCreatedSchema = z.object({
  // With its organization and approval, so the success view says when it waits for approval.
  order: orderSchema.extend(orderOrgFields),
  bankTransfer: bankTransferSchema.nullable(),
});
/**
 * One line of an order as its detail ships it (docs/shipping.md, "Lead times"): its shipping
 * class and, while its units not yet shipped wait for stock, 预计发货 (YYYY-MM-DD China time).
 */
export const orderLineShippingSchema = z.object({
  goodsId: z.number().int(),
  shippingClass: shippingClassField,
  expectedShipDate: z.string().nullable(),
});
export type OrderLineShipping = z.infer<typeof orderLineShippingSchema>;

/** GET /client/v1/user/orders/{id}: bankTransfer is set while a bank-transfer order awaits payment. */
export const orderDetailSchema = orderSchema.extend({
  bankTransfer: bankTransferSchema.nullable(),
  ...orderRefundFields,
  ...orderOrgFields,
  /** Each line's shipping class and 预计发货 (docs/shipping.md). */
  lineShipping: z.array(orderLineShippingSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * GET /client/v1/user/orders. The payStatus filter uses the list's own values (docs/product-rules.md section 4):
 * 0 unpaid (pay status 1), 1 paid (pay status 2). startTime / endTime bound createTime inclusively.
 */
export const orderListQuery = pageQuery(20).extend({
  status: filter(1, 5, '订单状态有误'),
  payType: filter(1, 5, '支付方式有误'),
  payStatus: filter(0, 1, '支付状态有误'),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
});

export const shipmentSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  trackingNumber: z.string(),
  goods: z.array(
    orderGoodsSchema.extend({
      quantityShipped: z.number().int(),
      stocks: z.array(
        z.object({
          storeId: z.number().int(),
          storeName: z.string(),
          materialCount: z.number().int(),
        }),
      ),
      /** The lot shipped (one goods line per lot), null for a package shipped before lots. */
      lotNumber: z.string().nullable(),
      expire: z.string().nullable(),
      /** A link to that lot's certificate of analysis, where one is on file. */
      coaUrl: z.string().nullable(),
    }),
  ),
  /** JSON text list of { context, ftime }, newest first. */
  track: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** GET /client/v1/user/finance. */
export const financeQuery = pageQuery(20).extend({
  type: filter(1, 2, '收支类型有误'),
  business: filter(1, 3, '业务类型有误'),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
});
export const balanceRecordSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  business: z.number().int(),
  amount: z.number(),
  balanceAfter: z.number(),
  remark: z.string(),
  createTime: z.number(),
});
export type BalanceRecord = z.infer<typeof balanceRecordSchema>;

const customGoodsLine = z.object(
  {
    name: requiredText(MSG.customGoodsIncomplete),
    cas: requiredText(MSG.customGoodsIncomplete, 30),
    pack: requiredText(MSG.customGoodsIncomplete, 50),
    expectDeliveryTime: numeric(
      z
        .number({ error: MSG.customGoodsIncomplete })
        .int({ error: MSG.customGoodsIncomplete })
        .min(1, { error: MSG.customGoodsIncomplete })
        .max(3650, { error: MSG.customGoodsIncomplete }),
    ),
    quantity: numeric(
      z
        .number({ error: MSG.customGoodsIncomplete })
        .int({ error: MSG.customGoodsIncomplete })
        .min(1, { error: MSG.customGoodsIncomplete })
        .max(LIMITS.quantityMax, { error: MSG.customGoodsIncomplete }),
    ),
  },
  { error: MSG.customGoodsIncomplete },
);
/** POST /client/v1/customized. */
export const customizedBody = z.object({
  goodsList: z
    .array(customGoodsLine, { error: MSG.customGoodsRequired })
    .min(1, { error: MSG.customGoodsRequired })
    .max(50, { error: '定制商品最多 50 项' }),
  company: requiredText('请输入单位名称'),
  contact: requiredText('请输入联系人', 50),
  phone: phoneField('请输入联系电话', MSG.contactPhoneFormat),
  /** Optional: a visitor is answered by phone, or at this email when one is given. */
  email: optionalText().refine((v) => v === '' || EMAIL_RE.test(v), { error: MSG.emailFormat }),
  content: optionalText(LIMITS.textMax),
  remark: optionalText(LIMITS.textMax),
});
export const customizedListQuery = pageQuery(20).extend({
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
});
export const customizedSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  contact: z.string(),
  phone: z.string(),
  content: z.string(),
  remark: z.string(),
  status: z.number().int(),
  /** The shop's answer once staff processed or cancelled the request; '' before. */
  reply: z.string(),
  createTime: z.number(),
  goodsList: z.array(
    z.object({
      name: z.string(),
      cas: z.string(),
      pack: z.string(),
      expectDeliveryTime: z.number().int(),
      quantity: z.number().int(),
    }),
  ),
});
export type Customized = z.infer<typeof customizedSchema>;
