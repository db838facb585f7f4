import { useQueryClient } from '@tanstack/react-query';
import type { ReorderResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';

/** POST /client/v1/user/orders/{id}/reorder: the order's lines still on sale go to the cart. */
export function useReorder() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.post<ReorderResult>(`/client/v1/user/orders/${id}/reorder`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}
