import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@/lib/mutation';
import type { Address } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export interface NewAddress {
  name: string;
  phone: string;
  /** JSON text of the region value. */
  region: string;
  address: string;
  isDefault: boolean;
}

/** POST /client/v1/user/address: adds an address to the book and answers it. */
export function useCreateAddress() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: NewAddress) => api.post<Address>('/client/v1/user/address', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['user', 'address'] }),
  });
}
