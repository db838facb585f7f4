import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /client/v1/user/orders/{id}. */
export function useOrder(id: number) {
  return useQuery({
    queryKey: ['orders', 'detail', id],
    queryFn: () => api.get<OrderDetail>(`/client/v1/user/orders/${id}`),
    staleTime: 0,
  });
}
