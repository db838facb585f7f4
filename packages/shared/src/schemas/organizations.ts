import { z } from 'zod';
import { isCreditCode } from '../validation.ts';
import { accountField, addressBody, addressSchema, invoiceBody, invoiceSchema } from './account.ts';
import { epochMs, idParam, optionalText, pageQuery, requiredText } from './fields.ts';
import { yuanInput } from './manage-orders.ts';
import { APPROVAL_STEP_ROLES, approvalSchema, orderOrgFields } from './approval.ts';
import { orderSchema } from './orders.ts';

// Organizations (docs/organizations.md): labs and companies buying together, their members,
// approval rules, budgets (经费卡), shared addresses and invoice title, and order approvals.

export const ORG_ROLES = ['buyer', 'approver', 'safety', 'admin'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const ORG_ROLE_LABEL: Record<OrgRole, string> = {
  buyer: '采购员',
  approver: '审批人',
  safety: '安全员',
  admin: '管理员',
};

const orgRole = z.enum(ORG_ROLES, { error: '请选择成员角色' });

/** POST /client/v1/orgs. */
export const orgCreateBody = z.object({
  name: requiredText('请输入单位名称', 100),
  uscc: z
    .string({ error: '统一社会信用代码有误' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || isCreditCode(v), { error: '统一社会信用代码有误' })
    .optional()
    .default(''),
});

/** POST /client/v1/orgs/{id}/members. account: a registered member's phone or email. */
export const orgMemberAddBody = z.object({ account: accountField, role: orgRole });
/** PUT /client/v1/orgs/{id}/members/{userId}. */
export const orgMemberRoleBody = z.object({ role: orgRole });

/** PUT /client/v1/orgs/{id}/rules. approvalOver in yuan, 0: every order; null: none by amount. */
export const orgRulesBody = z.object({
  approvalOver: yuanInput('请输入审批金额').nullable(),
  regulatedNeedsSafety: z.boolean({ error: '参数 regulatedNeedsSafety 有误' }),
});

/** POST /client/v1/orgs/{id}/budgets (times epoch ms, amount yuan). */
export const orgBudgetBody = z
  .object({
    code: requiredText('请输入经费卡号', 40),
    name: requiredText('请输入经费名称', 100),
    amount: yuanInput('请输入经费金额', 0.01),
    validFrom: epochMs,
    validUntil: epochMs,
  })
  .refine((b) => b.validUntil > b.validFrom, {
    error: '有效期结束时间须晚于开始时间',
    path: ['validUntil'],
  });

/** POST /client/v1/orgs/{id}/approvals/{orderId}. */
export const approvalDecisionBody = z.object({
  approve: z.boolean({ error: '请选择同意或驳回' }),
  remark: optionalText(200),
});

/** POST /manage/v1/orgs/{id}/verify. */
export const orgVerifyBody = z.object({
  verified: z.boolean({ error: '请选择是否通过认证' }),
  reason: optionalText(200),
});

export const orgAddressBody = addressBody.omit({ isDefault: true });
export const orgInvoiceBody = invoiceBody;

export const orgMemberSchema = z.object({
  userId: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: z.enum(ORG_ROLES),
});
export type OrgMember = z.infer<typeof orgMemberSchema>;

/** GET /client/v1/orgs rows. */
export const orgSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uscc: z.string(),
  role: z.enum(ORG_ROLES),
  verified: z.boolean(),
});
export type OrgSummary = z.infer<typeof orgSummarySchema>;

/** GET /client/v1/orgs/{id}. approvalOver in yuan (null: no approval by amount). */
export const orgDetailSchema = orgSummarySchema.extend({
  verifyReason: z.string(),
  approvalOver: z.number().nullable(),
  regulatedNeedsSafety: z.boolean(),
  members: z.array(orgMemberSchema),
});
export type OrgDetail = z.infer<typeof orgDetailSchema>;

/** GET /client/v1/orgs/{id}/budgets rows; money in yuan. */
export const orgBudgetSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  amount: z.number(),
  used: z.number(),
  remaining: z.number(),
  validFrom: z.number(),
  validUntil: z.number(),
});
export type OrgBudget = z.infer<typeof orgBudgetSchema>;

export const orgAddressSchema = addressSchema.omit({ isDefault: true });
export type OrgAddress = z.infer<typeof orgAddressSchema>;
export const orgInvoiceSchema = invoiceSchema;
export type OrgInvoice = z.infer<typeof orgInvoiceSchema>;

/** GET /client/v1/orgs/{id}/approvals rows: a pending order the caller may decide. */
export const pendingApprovalSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  amount: z.number().nullable(),
  buyerId: z.number().int(),
  buyerName: z.string(),
  budgetCode: z.string(),
  createTime: z.number(),
  /** The steps the caller may decide now. */
  roles: z.array(z.enum(APPROVAL_STEP_ROLES)),
  approval: approvalSchema,
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

/** GET /client/v1/orgs/{id}/orders rows: the member's order with its buyer and approval. */
export const orgOrderSchema = orderSchema.extend({
  buyerId: z.number().int(),
  buyerName: z.string(),
  ...orderOrgFields,
});
export type OrgOrder = z.infer<typeof orgOrderSchema>;

/** GET /manage/v1/orgs. */
export const manageOrgListQuery = pageQuery(20).extend({
  keyword: optionalText(100),
  verified: z.enum(['0', '1'], { error: '认证状态有误' }).optional(),
});
export const manageOrgSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uscc: z.string(),
  verified: z.boolean(),
  verifyReason: z.string(),
  verifiedAt: z.number().nullable(),
  memberCount: z.number().int(),
  createTime: z.number(),
});
export type ManageOrg = z.infer<typeof manageOrgSchema>;
export const manageOrgDetailSchema = manageOrgSchema.extend({
  approvalOver: z.number().nullable(),
  regulatedNeedsSafety: z.boolean(),
  members: z.array(orgMemberSchema),
  budgets: z.array(orgBudgetSchema),
});
export type ManageOrgDetail = z.infer<typeof manageOrgDetailSchema>;

export const orgIdParam = z.object({ id: idParam });
export const orgMemberParams = z.object({ id: idParam, userId: idParam });
export const orgApprovalParams = z.object({ id: idParam, orderId: idParam });
