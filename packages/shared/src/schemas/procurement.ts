import { z } from 'zod';
import { LIMITS, SHEET_LIMITS } from '../limits.ts';
import { MSG } from '../validation.ts';
import { yuan } from './catalogue.ts';
import { epochMs, idParam, numeric, optionalText, pageQuery, requiredText } from './fields.ts';
import { yuanInput } from './manage-orders.ts';

// Lab procurement (docs/procurement.md): quick order, reorder, quotes,
// order documents and the fapiao file.

/** Characters of pasted quick-order text: a few hundred lines of an Excel sheet. */
export const QUICK_ORDER_TEXT_MAX = 50_000;
/** Lines one quick order takes at once, pasted or in a sheet. */
export const QUICK_ORDER_LINES_MAX = SHEET_LIMITS.quickOrder.rows;

/** POST /client/v1/cart/quick and its preview. */
export const quickOrderBody = z.object({
  text: z
    .string({ error: '请粘贴要购买的商品' })
    .max(QUICK_ORDER_TEXT_MAX, { error: `内容过长，最多 ${QUICK_ORDER_TEXT_MAX} 个字符` })
    .refine((t) => t.trim() !== '', { error: '请粘贴要购买的商品' }),
});

/** A line that could not be added: its 1-based line number in the text and why. */
export const quickFailureSchema = z.object({ line: z.number().int(), msg: z.string() });
export const quickOrderResultSchema = z.object({
  added: z.number().int(),
  failed: z.array(quickFailureSchema),
});
export type QuickOrderResult = z.infer<typeof quickOrderResultSchema>;

/** One pasted line as the preview resolves it; the pack fields are set when it was found. */
export const quickPreviewLineSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  /** Empty when the line can be added. */
  msg: z.string(),
  quantity: z.number().int(),
  materialId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  name: z.string(),
  number: z.string(),
  pack: z.string(),
  userPrice: yuan,
  /** The line's contract price for a member naming their organization (as the cart answers it). */
  contractPrice: z.number().optional(),
  stock: z.number().int(),
});
export type QuickPreviewLine = z.infer<typeof quickPreviewLineSchema>;

export const reorderResultSchema = z.object({
  added: z.number().int(),
  skipped: z.array(z.object({ name: z.string(), msg: z.string() })),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

export const QUOTE_STATUSES = ['requested', 'quoted', 'ordered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: '待报价',
  quoted: '已报价',
  ordered: '已下单',
};

/** POST /client/v1/quotes. */
export const quoteCreateBody = z.object({
  cartIds: z
    .array(idParam, { error: MSG.cartIdsRequired })
    .min(1, { error: MSG.cartIdsRequired })
    .max(500),
  remark: optionalText(LIMITS.textMax),
});

export const quoteLineSchema = z.object({
  id: z.number().int(),
  materialId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  number: z.string(),
  brandName: z.string(),
  cas: z.string(),
  pack: z.string(),
  /** Member price when the quote was asked for; null for 询价. */
  listPrice: yuan,
  /** Quoted price; null until staff price the quote. */
  unitPrice: yuan,
  quantity: z.number().int(),
  /** unitPrice × quantity; null until priced. */
  amount: yuan,
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  remark: z.string(),
  staffRemark: z.string(),
  validUntil: z.number().nullable(),
  /** The order it became, once. */
  orderId: z.number().int().nullable(),
  createTime: z.number(),
  quotedAt: z.number().nullable(),
  /** Totals at the quoted prices (freight by the shop's rule); null until priced. */
  goodsAmount: yuan,
  freight: yuan,
  amount: yuan,
  lines: z.array(quoteLineSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListQuery = pageQuery(10).extend({
  status: z.enum(QUOTE_STATUSES, { error: '状态有误' }).optional(),
});

/** PUT /manage/v1/quotes/{id}: a price for every line, the validity and a remark. */
export const quotePriceBody = z.object({
  lines: z
    .array(z.object({ id: idParam, unitPrice: yuanInput('请填写报价单价') }), {
      error: '请填写报价单价',
    })
    .min(1, { error: '请填写报价单价' })
    .max(500),
  validUntil: epochMs,
  remark: optionalText(LIMITS.textMax),
});

/** POST /manage/v1/quotes: staff quote a bulk inquiry directly for a member. */
export const quoteFromInquiryBody = z.object({
  inquiryId: idParam,
  /** The member the quote is for; the inquiry's own member when left out. */
  userId: idParam.optional(),
  lines: z
    .array(
      z.object({
        materialId: idParam,
        quantity: numeric(
          z
            .number({ error: MSG.quantityRequired })
            .int({ error: '数量必须是整数' })
            .min(1, { error: '数量最少为 1' })
            .max(LIMITS.quantityMax, { error: `数量最多为 ${LIMITS.quantityMax}` }),
        ),
        unitPrice: yuanInput('请填写报价单价'),
      }),
      { error: '请添加报价商品' },
    )
    .min(1, { error: '请添加报价商品' })
    .max(500),
  validUntil: epochMs,
  remark: optionalText(LIMITS.textMax),
});

export const manageQuoteSchema = quoteSchema.extend({
  userId: z.number().int(),
  account: z.string(),
  company: z.string(),
  inquiryId: z.number().int().nullable(),
});
export type ManageQuote = z.infer<typeof manageQuoteSchema>;

export const manageQuoteListQuery = quoteListQuery.extend({
  number: optionalText(40),
});

/** GET /manage/v1/quotes/packs: packs on sale to put on a quote, by item number, name or CAS. */
export const quotePackQuery = z.object({
  key: requiredText('请输入货号、名称或CAS', LIMITS.searchKeyMax),
});
export const quotePackSchema = z.object({
  materialId: z.number().int(),
  number: z.string(),
  name: z.string(),
  cas: z.string(),
  pack: z.string(),
  /** Member price of the pack, the list price the quote's discount is shown against. */
  listPrice: yuan,
});
export type QuotePack = z.infer<typeof quotePackSchema>;

/** Multipart fields of POST /manage/v1/orders/{id}/fapiao (the file is field `file`). */
export const fapiaoFields = z.object({
  number: requiredText('请输入发票号码', 50).regex(/^[0-9A-Za-z-]+$/, {
    error: '发票号码只能包含数字、字母和短横线',
  }),
});

/** A member's request for a fapiao after the order, as staff see it. */
export const fapiaoRequestSchema = z.object({
  orderId: z.number().int(),
  invoiceType: z.number().int(),
  title: z.string(),
  taxpayerNumber: z.string(),
  email: z.string(),
  createTime: z.number(),
  handledAt: z.number().nullable(),
});
export type FapiaoRequest = z.infer<typeof fapiaoRequestSchema>;

/** What the order detail tells about its fapiao besides invoiceNumber and invoiceIssuedAt. */
export const fapiaoStatusSchema = z.object({
  /** The issued file can be downloaded. */
  file: z.boolean(),
  request: fapiaoRequestSchema.nullable(),
});
export type FapiaoStatus = z.infer<typeof fapiaoStatusSchema>;
