import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressesKey } from './get-addresses';

/** DELETE /client/v1/user/address/{id}. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/client/v1/user/address/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
