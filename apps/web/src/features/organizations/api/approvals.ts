import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { PendingApproval } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { orgKeys } from './keys';
import { useOrgs } from './orgs';
import { mayApprove } from '../lib/roles';

const pendingOf = (orgId: number) => () =>
  api.get<PendingApproval[]>(`/client/v1/orgs/${orgId}/approvals`, { silent: true });

/** GET /client/v1/orgs/{id}/approvals: the pending orders the caller may decide. */
export function useApprovals(orgId: number) {
  return useQuery({ queryKey: orgKeys.approvals(orgId), queryFn: pendingOf(orgId), staleTime: 0 });
}

/** How many orders wait for the caller across the organizations where they may approve. */
export function usePendingApprovalCount(): number {
  const orgs = useOrgs();
  const deciding = (orgs.data ?? []).filter((o) => mayApprove(o.role));
  const answers = useQueries({
    queries: deciding.map((o) => ({ queryKey: orgKeys.approvals(o.id), queryFn: pendingOf(o.id) })),
  });
  return answers.reduce((n, a) => n + (a.data?.length ?? 0), 0);
}

/**
 * POST /client/v1/orgs/{id}/approvals/{orderId}: approve, or reject (which cancels the order).
 * The decision's toast is the mutation's own, not the caller's: the decided order leaves the list
 * the refetch below answers, so the item that called `mutate` may be gone before the mutation
 * settles, and React Query drops a call's callbacks once its component is gone.
 */
export function useDecide(orgId: number) {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ orderId, ...body }: { orderId: number; approve: boolean; remark: string }) =>
      api.post(`/client/v1/orgs/${orgId}/approvals/${orderId}`, body),
    onSuccess: (_answer, { approve }) => {
      toastSuccess(approve ? '已同意' : '已驳回，订单已取消');
      return Promise.all([
        qc.invalidateQueries({ queryKey: orgKeys.org(orgId) }),
        qc.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
  });
}
