import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@/lib/mutation';
import type { Invoice } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import type { InvoiceForm } from '../validation';
import { invoiceKey } from './get-invoice';

/** PUT /client/v1/user/invoice. */
export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (f: InvoiceForm) => api.put<Invoice>('/client/v1/user/invoice', f),
    onSuccess: (invoice) => queryClient.setQueryData(invoiceKey, invoice),
  });
}
