import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

/** DELETE /client/v1/cart: removes the chosen lines. */
export function useDeleteCartLines() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (ids: number[]) => api.delete<null>('/client/v1/cart', { ids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}
