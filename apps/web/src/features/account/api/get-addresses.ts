import { useQuery } from '@tanstack/react-query';
import type { Address } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const addressesKey = ['user', 'address'] as const;

/** GET /client/v1/user/address. */
export function useAddresses() {
  return useQuery({
    queryKey: addressesKey,
    queryFn: () => api.get<Address[]>('/client/v1/user/address'),
  });
}
