import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';

/** POST /client/v1/quotes: asks for a quote (报价单) on the chosen cart lines. */
export function useRequestQuote() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { cartIds: number[]; remark: string }) =>
      api.post<{ id: number }>('/client/v1/quotes', vars),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['quotes'] }),
  });
}
