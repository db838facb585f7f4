import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /client/v1/cart: removes the chosen lines. */
export function useDeleteCartLines() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<null>('/client/v1/cart', { ids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}
