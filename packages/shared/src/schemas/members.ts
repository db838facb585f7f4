import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from './fields.ts';
import { addressSchema, invoiceSchema } from './account.ts';
import { balanceRecordSchema } from './orders.ts';
import { manageOrderSchema, yuanInput } from './manage-orders.ts';
import { MEMBER_SORTS, sortParam } from './sorting.ts';

/** GET /manage/v1/members: key matches phone, email, name or company. */
export const memberListQuery = pageQuery(20).extend({
  key: optionalText(100),
  sort: sortParam(MEMBER_SORTS),
});

export const memberRecordSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  phone: z.string(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
  balance: z.number(),
  disabled: z.boolean(),
  createTime: z.number(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

export const memberDetailSchema = memberRecordSchema.extend({
  telephone: z.string(),
  invoice: invoiceSchema.nullable(),
  addresses: z.array(addressSchema),
  /** The member's latest orders. */
  orders: z.array(manageOrderSchema),
  /** The latest balance records. */
  ledger: z.array(balanceRecordSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** POST /manage/v1/members/{id}/balance: positive adds, negative takes away (yuan). */
export const balanceAdjustBody = z.object({
  amount: yuanInput('请输入调整金额', -20_000_000).refine((v) => v !== 0, {
    error: '调整金额不能为 0',
  }),
  remark: requiredText('请输入调整原因', 200),
});

/** PUT /manage/v1/members/{id}/status. */
export const memberStatusBody = z.object({ disabled: z.boolean({ error: '状态有误' }) });
