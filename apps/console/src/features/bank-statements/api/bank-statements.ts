import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How a row was matched: by the order's reference in 附言, or by amount and payer name. */
export interface BankMatch {
  row: number;
  orderId: number;
  by: string;
  number?: string;
  amount?: number;
  payerName?: string;
}

export interface BankStatementResult {
  id: number;
  rows: number;
  matched: BankMatch[];
  unmatched: { row: number; msg: string }[];
}

/** The headers of the file when they differ from the banks' usual ones. */
export interface ColumnMap {
  date?: string;
  amount?: string;
  payerName?: string;
  payerAccount?: string;
  memo?: string;
}

/** POST /manage/v1/bank-statements (multipart `file`, optional column map). */
export function useImportBankStatement() {
  return useSubmitMutation({
    mutationFn: async (vars: { file: File; columns: ColumnMap }) => {
      const form = new FormData();
      const columns = Object.fromEntries(
        Object.entries(vars.columns).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
      );
      if (Object.keys(columns).length > 0) form.append('columns', JSON.stringify(columns));
      form.append('file', vars.file);
      const answer = await api.upload<BankStatementResult>('/manage/v1/bank-statements', form);
      return answer.data;
    },
  });
}

/** POST /manage/v1/bank-statements/{id}/confirm: confirms the chosen rows' transfers, once each. */
export function useConfirmRows(id: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (rows: number[]) =>
      api.post<unknown>(`/manage/v1/bank-statements/${id}/confirm`, { rows }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.orders }),
        client.invalidateQueries({ queryKey: queryKeys.staffOrgs }),
        client.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}
