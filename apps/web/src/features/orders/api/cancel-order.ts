import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

/** DELETE /client/v1/user/orders/{id}: cancels a pending, unpaid order. */
export function useCancelOrder() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/client/v1/user/orders/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}
