import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useOrderMutation } from './order-mutation';

/**
 * POST /manage/v1/orders/{id}/payments/{transactionId}/refund: gives back, in full through its
 * gateway, a payment whose money paid nothing of the order (paid twice, or after it closed).
 */
export function useRefundStrayPayment(id: number) {
  return useOrderMutation(
    id,
    '退款已提交',
    (vars: { transactionId: number; reason: string }) =>
      api.post(`/manage/v1/orders/${id}/payments/${vars.transactionId}/refund`, {
        reason: vars.reason,
      }),
    [queryKeys.orderPayments(id)],
  );
}
