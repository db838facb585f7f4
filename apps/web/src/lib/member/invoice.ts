import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';
import { memberKeys } from './keys';

/** GET /client/v1/user/invoice: type 3 with empty fields until saved. */
export function useInvoice() {
  return useQuery({
    queryKey: memberKeys.invoice(),
    queryFn: () => api.get<Invoice>('/client/v1/user/invoice'),
    staleTime: 0,
  });
}

/** PUT /client/v1/user/invoice: saves the invoice details and answers them. */
export function useUpdateInvoice() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: Invoice) => api.put<Invoice>('/client/v1/user/invoice', body),
    onSuccess: (saved) => qc.setQueryData(memberKeys.invoice(), saved),
  });
}
