import { useQuery } from '@tanstack/react-query';
import type { PaymentHistory } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/orders/{id}/payments: gateway payments, every call and notification, refunds. */
export function useOrderPayments(id: number) {
  return useQuery({
    queryKey: queryKeys.orderPayments(id),
    queryFn: () => api.get<PaymentHistory>(`/manage/v1/orders/${id}/payments`),
  });
}
