import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/products/{id}/copy */
export function useCopyProduct() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number; number: string }) =>
      api.post<{ id: number }>(`/manage/v1/products/${vars.id}/copy`, { number: vars.number }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
