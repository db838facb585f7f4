import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** PUT /manage/v1/orders/{id}/invoice */
export function useIssueInvoice(id: number) {
  return useOrderMutation(
    id,
    '开票信息已登记',
    (vars: { invoiceNumber: string; issuedAt: number }) =>
      api.put(`/manage/v1/orders/${id}/invoice`, vars),
  );
}
