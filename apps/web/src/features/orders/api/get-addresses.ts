import { useQuery } from '@tanstack/react-query';
import type { Address } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The member's address book. */
export function useAddresses() {
  return useQuery({
    queryKey: ['user', 'address'],
    queryFn: () => api.get<Address[]>('/client/v1/user/address'),
    staleTime: 0,
  });
}
