import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { Paged } from '@labshop/shared';
import type {
  BankColumnMap,
  BankStatement,
  BankStatementConfirmResult,
  BankStatementListItem,
} from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/bank-statements (multipart `file`, optional column map). */
export function useImportBankStatement() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (vars: { file: File; columns: BankColumnMap }) => {
      const form = new FormData();
      const columns = Object.fromEntries(
        Object.entries(vars.columns).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
      );
      if (Object.keys(columns).length > 0) form.append('columns', JSON.stringify(columns));
      form.append('file', vars.file);
      const answer = await api.upload<BankStatement>('/manage/v1/bank-statements', form);
      return answer.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bankStatements }),
  });
}

/** GET /manage/v1/bank-statements: the imports, newest first. */
export function useBankStatements(params: { page: number; size: number }) {
  return useQuery({
    queryKey: queryKeys.bankStatementList(params),
    queryFn: () => api.get<Paged<BankStatementListItem>>('/manage/v1/bank-statements', params),
    placeholderData: keepPreviousData,
  });
}

/** GET /manage/v1/bank-statements/{id}: an import's matches, each marked once confirmed. */
export function useBankStatement(id: number | null) {
  return useQuery({
    queryKey: queryKeys.bankStatement(id ?? 0),
    queryFn: () => api.get<BankStatement>(`/manage/v1/bank-statements/${id}`),
    enabled: id !== null,
  });
}

/** POST /manage/v1/bank-statements/{id}/confirm: confirms the chosen rows' transfers, once each. */
export function useConfirmRows(id: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (rows: number[]) =>
      api.post<BankStatementConfirmResult>(`/manage/v1/bank-statements/${id}/confirm`, { rows }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.bankStatements }),
        client.invalidateQueries({ queryKey: queryKeys.orders }),
        client.invalidateQueries({ queryKey: queryKeys.staffOrgs }),
        client.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}
