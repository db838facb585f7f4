import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@/lib/mutation';
import { api } from '@/lib/api-client';
import { addressesKey } from './get-addresses';

/** DELETE /client/v1/user/address/{id}. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/client/v1/user/address/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
