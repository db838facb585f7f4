import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { addressesKey } from './get-addresses';

/** PATCH /client/v1/user/address/{id}/default. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<Address>(`/client/v1/user/address/${id}/default`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
