import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { StatementView } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { StatementOrderLine as StatementOrder } from '@labshop/shared/schemas';

const base = (id: number) => `/manage/v1/orgs/${id}/statements`;

/** GET /manage/v1/orgs/{id}/statements?month=YYYY-MM (finance). */
export function useStatement(id: number, month: string) {
  return useQuery({
    queryKey: queryKeys.orgStatement(id, month),
    queryFn: () => api.get<StatementView>(base(id), { month }),
  });
}

/** The month's statement as a file: …/statements/pdf or …/statements/xlsx. */
export function downloadStatement(id: number, month: string, kind: 'pdf' | 'xlsx') {
  return api.download(`${base(id)}/${kind}`, { month }, `对账单-${month}.${kind}`);
}

/** POST /manage/v1/orgs/{id}/settlements: a payment that settles the orders (once). */
export function useSettle(id: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { amount: number; reference: string; orderIds: number[] }) =>
      api.post<{ id: number }>(`/manage/v1/orgs/${id}/settlements`, vars),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staffOrgs }),
  });
}
