import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@/lib/mutation';
import type { Invoice } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** PUT /client/v1/user/invoice: saves the invoice details and answers them. */
export function useUpdateInvoice() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: Invoice) => api.put<Invoice>('/client/v1/user/invoice', body),
    onSuccess: (saved) => qc.setQueryData(['user', 'invoice'], saved),
  });
}
