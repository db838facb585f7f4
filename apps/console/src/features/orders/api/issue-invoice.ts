import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** PUT /manage/v1/orders/{id}/invoice */
export function useIssueInvoice(id: number) {
  return useOrderMutation(id, (vars: { invoiceNumber: string; issuedAt: number }) =>
    api.put(`/manage/v1/orders/${id}/invoice`, vars),
  );
}
