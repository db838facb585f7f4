import type { OrgOrder } from '@labshop/shared/schemas';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { orgKeys } from './keys';

/** The member's order list's filters (status, pay status 0 unpaid / 1 paid, days). */
export type OrgOrderFilters = Record<
  'status' | 'payStatus' | 'startTime' | 'endTime',
  number | undefined
>;

/** GET /client/v1/orgs/{id}/orders: admins and approvers see all, buyers their own; 20 a page. */
export function useOrgOrders(orgId: number, filters: Partial<OrgOrderFilters>, page: number) {
  return usePagedQuery<OrgOrder>(
    orgKeys.orders(orgId).map(String),
    `/client/v1/orgs/${orgId}/orders`,
    filters,
    page,
  );
}
