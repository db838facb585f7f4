import { useQuery } from '@tanstack/react-query';
import type { StatementView } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { orgKeys } from './keys';

const base = (orgId: number) => `/client/v1/orgs/${orgId}/statements`;

/** GET /client/v1/orgs/{id}/statements?month=YYYY-MM (admins and approvers). */
export function useStatement(orgId: number, month: string) {
  return useQuery({
    queryKey: [...orgKeys.org(orgId), 'statement', month],
    queryFn: () => api.get<StatementView>(base(orgId), { params: { month } }),
  });
}

/** The month's statement as a PDF or Excel file. */
export function downloadStatement(orgId: number, month: string, kind: 'pdf' | 'xlsx') {
  return downloadFile(`${base(orgId)}/${kind}?month=${month}`, `对账单-${month}.${kind}`);
}
