import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface QuotePriceInput {
  lines: { id: number; unitPrice: number }[];
  validUntil: number;
  remark: string;
}

/** PUT /manage/v1/quotes/{id} */
export function usePriceQuote(id: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: QuotePriceInput) => api.put(`/manage/v1/quotes/${id}`, vars),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.quote(id) }),
        client.invalidateQueries({ queryKey: queryKeys.quotes }),
      ]);
    },
  });
}
