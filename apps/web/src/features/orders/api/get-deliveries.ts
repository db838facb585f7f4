import { useQuery } from '@tanstack/react-query';
import type { Shipment } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /client/v1/user/orders/{id}/deliveries: the order's packages with their tracks. */
export function useDeliveries(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'deliveries', orderId],
    queryFn: () => api.get<Shipment[]>(`/client/v1/user/orders/${orderId}/deliveries`),
    enabled,
    staleTime: 0,
  });
}
