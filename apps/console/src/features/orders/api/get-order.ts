import { useQuery } from '@tanstack/react-query';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const orderKey = (id: number) => ['order', id] as const;

/** GET /manage/v1/orders/{id} */
export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: () => api.get<ManageOrderDetail>(`/manage/v1/orders/${id}`),
  });
}
