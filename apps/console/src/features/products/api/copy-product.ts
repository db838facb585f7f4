import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /manage/v1/products/{id}/copy */
export function useCopyProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; number: string }) =>
      api.post<{ id: number }>(`/manage/v1/products/${vars.id}/copy`, { number: vars.number }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
