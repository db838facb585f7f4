import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@/lib/mutation';
import type { Address } from '@labshop/shared/schemas';
import { stringifyRegion } from '@/components/region-picker';
import { api } from '@/lib/api-client';
import type { AddressForm } from '../validation';
import { addressesKey } from './get-addresses';

/** POST /client/v1/user/address, or PUT /client/v1/user/address/{id} with an id. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, form }: { id?: number; form: AddressForm }) => {
      const body = {
        name: form.name.trim(),
        phone: form.phone.trim(),
        region: stringifyRegion(form.region),
        address: form.address.trim(),
      };
      return id === undefined
        ? api.post<Address>('/client/v1/user/address', body)
        : api.put<Address>(`/client/v1/user/address/${id}`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
