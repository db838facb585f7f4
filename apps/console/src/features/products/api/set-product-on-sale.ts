import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /manage/v1/products/{id}/on-sale */
export function useSetProductOnSale() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number; onSale: boolean }) =>
      api.put<null>(`/manage/v1/products/${vars.id}/on-sale`, { onSale: vars.onSale }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
