import { z } from 'zod';
import { epochMs, idParam, numeric, optionalText, pageQuery, requiredText } from './fields.ts';
import { yuanInput } from './manage-orders.ts';

// Contract prices, credit terms, statements and bank statement matching
// (docs/contract-prices-credit.md): what the console and the server agree on.

/** Lines one price list may hold (a tier per line). */
export const PRICE_LIST_LINES_MAX = 5_000;

const positiveInt = (message: string) =>
  numeric(z.number({ error: message }).int({ error: message }).min(1, { error: message }));

export const priceListLineBody = z.object({
  materialId: positiveInt('请选择规格'),
  price: yuanInput('合同价有误', 0.01),
  minQuantity: positiveInt('起订数量须为正整数').optional().default(1),
});

/** POST /manage/v1/price-lists and PUT /manage/v1/price-lists/{id}. */
export const priceListBody = z
  .object({
    name: requiredText('请输入价目表名称', 100),
    orgIds: z.array(idParam, { error: '请选择适用单位' }).min(1, { error: '请选择适用单位' }),
    validFrom: epochMs,
    validUntil: epochMs,
    lines: z
      .array(priceListLineBody, { error: '请添加价格行' })
      .min(1, { error: '请添加价格行' })
      .max(PRICE_LIST_LINES_MAX, { error: `价格行不能超过 ${PRICE_LIST_LINES_MAX} 条` }),
  })
  .refine((b) => b.validUntil > b.validFrom, {
    error: '失效时间须晚于生效时间',
    path: ['validUntil'],
  })
  .refine(
    (b) => new Set(b.lines.map((l) => `${l.materialId}:${l.minQuantity}`)).size === b.lines.length,
    { error: '同一规格的起订数量不能重复', path: ['lines'] },
  );
export type PriceListBody = z.input<typeof priceListBody>;

/** GET /manage/v1/price-lists: by name, and the lists of one organization. */
export const priceListQuery = pageQuery(20).extend({
  keyword: optionalText(100),
  orgId: idParam.optional(),
});

const priceListHead = {
  id: z.number().int(),
  name: z.string(),
  orgIds: z.array(z.number().int()),
  orgs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  validFrom: z.number(),
  validUntil: z.number(),
  createTime: z.number(),
};
/** A list as GET /manage/v1/price-lists answers it: its lines counted, not listed. */
export const priceListSummarySchema = z.object({ ...priceListHead, lineCount: z.number().int() });
export const priceListSchema = z.object({
  ...priceListHead,
  lines: z.array(
    z.object({
      materialId: z.number().int(),
      number: z.string(),
      name: z.string(),
      pack: z.string(),
      price: z.number(),
      minQuantity: z.number().int(),
    }),
  ),
});
/** GET /manage/v1/price-lists/{id}: the list with its lines (the pack's 货号, name and 规格). */
export type PriceListView = z.infer<typeof priceListSchema>;

/** PUT /manage/v1/orgs/{id}/credit: limit in yuan (0 ends credit), payment term in days. */
export const orgCreditBody = z.object({
  limit: yuanInput('信用额度有误'),
  termDays: numeric(
    z
      .number({ error: '账期天数须为 1 到 365 的整数' })
      .int({ error: '账期天数须为 1 到 365 的整数' })
      .min(1, { error: '账期天数须为 1 到 365 的整数' })
      .max(365, { error: '账期天数须为 1 到 365 的整数' }),
  ),
});

export const MSG_CREDIT_EXCEEDED = '超出信用额度';
export const MSG_CREDIT_OVERDUE = '单位有逾期未结清的月结订单，结清后方可继续月结下单';
export const MSG_NO_CREDIT = '该单位未开通月结';

/** ?month=YYYY-MM of the statement routes. */
export const statementQuery = z.object({
  month: z
    .string({ error: '请选择对账月份' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '对账月份格式应为 YYYY-MM' }),
});

/** GET …/orgs/{id}/statements?month=: amounts in yuan. */
export const statementSchema = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  month: z.string(),
  /** Due at the month's start: credit orders before it not settled before it. */
  openingDue: z.number(),
  orders: z.array(
    z.object({
      orderId: z.number().int(),
      number: z.string(),
      createTime: z.number(),
      buyer: z.string(),
      budgetCode: z.string(),
      amount: z.number(),
      settled: z.boolean(),
      dueTime: z.number(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      time: z.number(),
      amount: z.number(),
      reference: z.string(),
      orderIds: z.array(z.number().int()),
    }),
  ),
  ordersTotal: z.number(),
  paymentsTotal: z.number(),
  /** openingDue + ordersTotal - paymentsTotal. */
  balanceDue: z.number(),
  limit: z.number(),
  termDays: z.number().int(),
});
export type StatementView = z.infer<typeof statementSchema>;
export type StatementOrderLine = StatementView['orders'][number];

/** An organization's credit as staff see it (yuan), null without credit. */
export const orgCreditSchema = z
  .object({
    limit: z.number(),
    termDays: z.number().int(),
    /** Open credit orders: not settled, not cancelled. */
    used: z.number(),
    /** Open credit orders past their term. */
    overdue: z.number(),
  })
  .nullable();

/** POST /manage/v1/orgs/{id}/settlements (send an Idempotency-Key). */
export const settlementBody = z.object({
  amount: yuanInput('结算金额有误', 0.01),
  reference: requiredText('请输入付款凭证号或银行流水号', 64),
  orderIds: z
    .array(idParam, { error: '请选择要结算的订单' })
    .min(1, { error: '请选择要结算的订单' })
    .max(500, { error: '一次最多结算 500 个订单' })
    .refine((ids) => new Set(ids).size === ids.length, { error: '订单不能重复' }),
});

export const MSG_SETTLEMENT_AMOUNT = '结算金额与所选订单应付合计不符';
export const MSG_ALREADY_SETTLED = '所选订单中有已结算的订单';

/** The columns a statement file may name differently; each the header text in the file. */
export const bankColumnMap = z
  .object({
    date: z.string().trim().max(40).optional(),
    amount: z.string().trim().max(40).optional(),
    payerName: z.string().trim().max(40).optional(),
    payerAccount: z.string().trim().max(40).optional(),
    memo: z.string().trim().max(40).optional(),
  })
  .strict();
export type BankColumnMap = z.input<typeof bankColumnMap>;

/** POST /manage/v1/bank-statements/{id}/confirm: the matched rows staff confirm. */
export const bankStatementConfirmBody = z.object({
  rows: z
    .array(positiveInt('行号有误'), { error: '请选择要确认的行' })
    .min(1, { error: '请选择要确认的行' })
    .max(20_000, { error: '请选择要确认的行' }),
});
