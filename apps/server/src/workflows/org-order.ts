import { badRequest } from '../lib/errors.ts';
import type { Db } from '../db/database.ts';
import type { Row } from '../db/schema.ts';
import { notify } from '../domains/notifications/index.ts';
import {
  APPROVAL_PENDING,
  orderOrgOf,
  recordOrderOrg,
  type ApprovalStatus,
} from '../domains/orders/index.ts';
import {
  approvalsOf,
  buyingOrg,
  decidersOf,
  findOrg,
  planOrgOrder,
  recordSteps,
  type ApprovalStepView,
  type OrgOrderPlan,
} from '../domains/organizations/index.ts';

/*
 * The organization's part of placing an order (docs/organizations.md, "Ordering"): checked
 * before the order is stored (membership, budget, which approval steps it waits for) and
 * recorded with it (organization, budget, approval status and steps), the deciders told, all in
 * the placing transaction.
 */

const ORG_REQUIRED = '请选择下单单位';

export interface OrderOrgPart {
  orgId: number | null;
  orgName: string;
  budgetCode: string;
  approval: { status: ApprovalStatus; steps: ApprovalStepView[] };
}
const NO_ORG: OrderOrgPart = {
  orgId: null,
  orgName: '',
  budgetCode: '',
  approval: { status: 'none', steps: [] },
};

export interface OrgOrderInput {
  orgId?: number;
  budgetCode?: string;
}

/**
 * The organization an order is placed for (null: the member's own), checked before anything else
 * of it so that a non-member learns nothing of the organization, its prices and documents
 * included. The rest of the placing reads it from here, once.
 */
export async function orgOrderedFor(
  trx: Db,
  userId: number,
  input: OrgOrderInput,
): Promise<Row<'organizations'> | null> {
  if (input.orgId === undefined) return null;
  return buyingOrg(trx, input.orgId, userId);
}

/**
 * The plan of an order for an organization, or null for a member's own order. A pending order
 * cannot be paid, so a balance payment at once is refused with 订单待审批.
 */
export async function planForOrg(
  trx: Db,
  p: {
    /** orgOrderedFor's answer. */
    org: Row<'organizations'> | null;
    budgetCode: string | undefined;
    amount: number | null;
    hasRegulatedLine: boolean;
    paysAtOnce: boolean;
    at: number;
  },
): Promise<OrgOrderPlan | null> {
  const budgetCode = p.budgetCode ?? '';
  if (p.org === null) {
    if (budgetCode !== '') throw badRequest(ORG_REQUIRED);
    return null;
  }
  const plan = await planOrgOrder(trx, {
    org: p.org,
    budgetCode,
    amount: p.amount,
    hasRegulatedLine: p.hasRegulatedLine,
    at: p.at,
  });
  if (plan.steps.length > 0 && p.paysAtOnce) throw badRequest(APPROVAL_PENDING);
  return plan;
}

/** Records the organization's plan on the order just stored and tells who must decide it. */
export async function recordForOrg(
  trx: Db,
  plan: OrgOrderPlan,
  order: { id: number; number: string; userId: number; amount: number | null },
  at: number,
): Promise<void> {
  const pending = plan.steps.length > 0;
  await recordOrderOrg(trx, order.id, {
    orgId: plan.orgId,
    budgetCode: plan.budgetCode,
    approvalStatus: pending ? 'pending' : 'none',
  });
  if (!pending) return;
  await recordSteps(trx, plan, order.id, at);
  const told = await decidersOf(trx, plan.orgId, order.userId, plan.steps);
  for (const userId of told.userIds) {
    await notify(trx, 'approval-requested', {
      userId,
      orgName: told.orgName,
      orderNumber: order.number,
      buyerName: told.buyerName,
      amount: order.amount,
      link: `/user/orgs/${plan.orgId}/approvals`,
    });
  }
}

/** What the order pages show of an order's organization: its name, budget and approval. */
export async function orgPartOf(db: Db, orderId: number): Promise<OrderOrgPart> {
  const order = await orderOrgOf(db, orderId);
  if (!order || order.orgId === null) return NO_ORG;
  const [org, steps] = await Promise.all([findOrg(db, order.orgId), approvalsOf(db, [orderId])]);
  return {
    orgId: order.orgId,
    orgName: org?.name ?? '',
    budgetCode: order.budgetCode,
    approval: {
      status: order.approvalStatus as ApprovalStatus,
      steps: steps.get(orderId) ?? [],
    },
  };
}
