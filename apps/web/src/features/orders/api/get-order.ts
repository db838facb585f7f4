import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /client/v1/user/orders/{id}; `pollMs` refetches while a payment page waits for money. */
export function useOrder(id: number, pollMs?: number) {
  return useQuery({
    queryKey: ['orders', 'detail', id],
    queryFn: () => api.get<OrderDetail>(`/client/v1/user/orders/${id}`),
    staleTime: 0,
    ...(pollMs ? { refetchInterval: pollMs } : {}),
  });
}
