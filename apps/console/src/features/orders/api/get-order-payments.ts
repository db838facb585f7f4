import { useQuery } from '@tanstack/react-query';
import type { PaymentHistory } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const orderPaymentsKey = (id: number) => ['order', id, 'payments'] as const;

/** GET /manage/v1/orders/{id}/payments: gateway payments, every call and notification, refunds. */
export function useOrderPayments(id: number) {
  return useQuery({
    queryKey: orderPaymentsKey(id),
    queryFn: () => api.get<PaymentHistory>(`/manage/v1/orders/${id}/payments`),
  });
}
