import { useQuery } from '@tanstack/react-query';
import type { PaymentInfo } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /client/v1/user/orders/{id}/payment: deadline, offered pay types, refunded amount. */
export function usePaymentInfo(id: number) {
  return useQuery({
    queryKey: ['orders', 'payment', id],
    queryFn: () => api.get<PaymentInfo>(`/client/v1/user/orders/${id}/payment`),
    staleTime: 0,
  });
}
