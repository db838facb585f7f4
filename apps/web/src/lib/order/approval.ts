import type { OrgOrder } from '@labshop/shared/schemas';

/** What an organization's order adds to an order (docs/organizations.md); absent on others. */
export type OrgOrderFacts = Partial<
  Pick<OrgOrder, 'orgId' | 'orgName' | 'budgetCode' | 'approval'>
>;

/** A pending order cannot be paid until every required step approved it. */
export const awaitsApproval = (o: OrgOrderFacts) => o.approval?.status === 'pending';

/** Why the pay buttons of a pending order are disabled. */
export const PENDING_APPROVAL_NOTE = '订单待审批，审批通过后方可付款';
