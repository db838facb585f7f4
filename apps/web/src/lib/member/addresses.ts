import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';
import { memberKeys } from './keys';

/** GET /client/v1/user/address: the member's address book. */
export function useAddresses() {
  return useQuery({
    queryKey: memberKeys.addresses(),
    queryFn: () => api.get<Address[]>('/client/v1/user/address'),
    staleTime: 0,
  });
}

/** An address as the form sends it; region is JSON text of the region value. */
export interface AddressInput {
  name: string;
  phone: string;
  region: string;
  address: string;
  /** Omitted keeps the server's rule: the first address is the default, an edit keeps its flag. */
  isDefault?: boolean;
}

/** POST /client/v1/user/address, or PUT /client/v1/user/address/{id} with an id. */
export function useSaveAddress() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, body }: { id?: number; body: AddressInput }) =>
      id === undefined
        ? api.post<Address>('/client/v1/user/address', body)
        : api.put<Address>(`/client/v1/user/address/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.addresses() }),
  });
}

/** DELETE /client/v1/user/address/{id}. */
export function useDeleteAddress() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/client/v1/user/address/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.addresses() }),
  });
}

/** PATCH /client/v1/user/address/{id}/default. */
export function useSetDefaultAddress() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.patch<Address>(`/client/v1/user/address/${id}/default`),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.addresses() }),
  });
}
