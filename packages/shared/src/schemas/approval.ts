import { z } from 'zod';

// An organization's order approval (docs/organizations.md), as the order pages show it: kept
// apart from organizations.ts so the order schemas can carry it without importing it back.

export const APPROVAL_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABEL: Record<ApprovalStatus, string> = {
  none: '无需审批',
  pending: '待审批',
  approved: '已审批',
  rejected: '已驳回',
};
export const APPROVAL_DECISIONS = ['pending', 'approved', 'rejected'] as const;
/** The kind of member an approval step waits for. */
export const APPROVAL_STEP_ROLES = ['approver', 'safety'] as const;

export const approvalStepSchema = z.object({
  role: z.enum(APPROVAL_STEP_ROLES),
  /** Who decided; null while pending. */
  userId: z.number().int().nullable(),
  name: z.string(),
  decision: z.enum(APPROVAL_DECISIONS),
  remark: z.string(),
  time: z.number().nullable(),
});
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

export const approvalSchema = z.object({
  status: z.enum(APPROVAL_STATUSES),
  steps: z.array(approvalStepSchema),
});
export type Approval = z.infer<typeof approvalSchema>;

/** What the member's and the staff order detail add for an organization's order. */
export const orderOrgFields = {
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  budgetCode: z.string(),
  approval: approvalSchema,
};
