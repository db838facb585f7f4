import { badRequest } from '../../lib/errors.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './order-org.repository.ts';

/*
 * An order placed for an organization (docs/organizations.md): its organization, budget and
 * approval status. The organizations domain decides them; the orders domain keeps them.
 */

export const APPROVAL_PENDING = '订单待审批';

export type ApprovalStatus = 'none' | 'pending' | 'approved' | 'rejected';

/** Records on an order just placed the organization, budget and approval it was placed with. */
export async function recordOrderOrg(
  trx: Db,
  orderId: number,
  org: { orgId: number; budgetCode: string; approvalStatus: ApprovalStatus },
): Promise<void> {
  await repo.updateOrderOrg(trx, orderId, org);
}

export const orderOrgOf = repo.orderOrgOf;

/**
 * Gives a pending order its approval's outcome, once: false when another decision settled it
 * first (two approvers at once).
 */
export async function settleApproval(
  trx: Db,
  orderId: number,
  status: 'approved' | 'rejected',
  at: number,
): Promise<boolean> {
  return repo.settlePendingApproval(trx, orderId, status, at);
}

/** Refuses to pay or ship an order still waiting for its organization's approval. */
export function assertNotAwaitingApproval(order: { approvalStatus: string }): void {
  if (order.approvalStatus === 'pending') throw badRequest(APPROVAL_PENDING);
}
