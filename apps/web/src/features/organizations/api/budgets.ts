import { useQuery } from '@tanstack/react-query';
import type { OrgBudget } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { orgKeys } from './keys';
import { useOrgWrite } from './orgs';

/** GET /client/v1/orgs/{id}/budgets: each 经费卡 with what its orders used and what remains. */
export function useBudgets(orgId: number | null) {
  return useQuery({
    queryKey: orgKeys.budgets(orgId ?? 0),
    queryFn: () => api.get<OrgBudget[]>(`/client/v1/orgs/${orgId}/budgets`),
    enabled: orgId !== null,
    staleTime: 0,
  });
}

export interface BudgetInput {
  code: string;
  name: string;
  amount: number;
  validFrom: number;
  validUntil: number;
}

/** POST /client/v1/orgs/{id}/budgets (admins). */
export const useCreateBudget = (orgId: number) =>
  useOrgWrite(orgId, (body: BudgetInput) =>
    api.post<{ id: number }>(`/client/v1/orgs/${orgId}/budgets`, body),
  );
