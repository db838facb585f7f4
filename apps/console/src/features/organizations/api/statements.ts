import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface StatementOrder {
  orderId: number;
  number: string;
  amount: number;
  createTime: number;
  dueDate?: number;
  settled: boolean;
  /** The transfer reference the buyer writes in 附言. */
  reference?: string;
}

export interface StatementPayment {
  id?: number;
  amount: number;
  reference: string;
  time: number;
}

/** One organization's month (对账单, docs/credit.md). */
export interface Statement {
  month: string;
  orders: StatementOrder[];
  payments: StatementPayment[];
  balanceDue: number;
}

const base = (id: number) => `/manage/v1/orgs/${id}/statements`;

/** GET /manage/v1/orgs/{id}/statements?month=YYYY-MM (finance). */
export function useStatement(id: number, month: string) {
  return useQuery({
    queryKey: queryKeys.orgStatement(id, month),
    queryFn: () => api.get<Statement>(base(id), { month }),
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
