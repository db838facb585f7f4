import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@/lib/mutation';
import type { Address } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { addressesKey } from './get-addresses';

/** PATCH /client/v1/user/address/{id}/default. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.patch<Address>(`/client/v1/user/address/${id}/default`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
