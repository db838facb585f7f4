import { z } from 'zod';
import { idParam, pageQuery } from './fields.ts';

// Imported bank statements as /manage/v1/bank-statements answers them
// (docs/contract-prices-credit.md section 5); the column map and the confirm body are in
// credit.ts. Amounts in yuan, times epoch ms.

const matchedBy = z.enum(['reference', 'amountAndName']);

/** A matched row: the order it found and how, with what staff check before confirming. */
export const bankMatchSchema = z.object({
  row: z.number().int(),
  orderId: z.number().int(),
  by: matchedBy,
  number: z.string(),
  amount: z.number(),
  payerName: z.string(),
  confirmed: z.boolean(),
});

/** POST /manage/v1/bank-statements and, with the rows, GET /manage/v1/bank-statements/{id}. */
export const bankStatementSchema = z.object({
  id: z.number().int(),
  rows: z.number().int(),
  matched: z.array(bankMatchSchema),
  unmatched: z.array(z.object({ row: z.number().int(), msg: z.string() })),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;
export type BankMatch = BankStatement['matched'][number];

export const bankStatementLineSchema = z.object({
  row: z.number().int(),
  date: z.number().nullable(),
  amount: z.number().nullable(),
  payerName: z.string(),
  payerAccount: z.string(),
  memo: z.string(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string(),
  by: z.string(),
  /** Why the row matched no order; '' when it matched. */
  msg: z.string(),
  confirmTime: z.number().nullable(),
});

export const bankStatementDetailSchema = bankStatementSchema.extend({
  fileName: z.string(),
  createTime: z.number(),
  staffName: z.string(),
  lines: z.array(bankStatementLineSchema),
});
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;

export const bankStatementListItemSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  createTime: z.number(),
  staffName: z.string(),
  rows: z.number().int(),
  matched: z.number().int(),
});
export type BankStatementListItem = z.infer<typeof bankStatementListItemSchema>;

export const bankStatementListQuery = pageQuery(20);
export const bankStatementParams = z.object({ id: idParam });

/** POST /manage/v1/bank-statements/{id}/confirm answer: each chosen row, confirmed or why not. */
export const bankStatementConfirmSchema = z.object({
  confirmed: z.array(z.object({ row: z.number().int(), orderId: z.number().int() })),
  refused: z.array(z.object({ row: z.number().int(), msg: z.string() })),
});
export type BankStatementConfirmResult = z.infer<typeof bankStatementConfirmSchema>;
