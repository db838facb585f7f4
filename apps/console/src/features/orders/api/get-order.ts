import { useQuery } from '@tanstack/react-query';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/orders/{id} */
export function useOrder(id: number) {
  return useQuery({
    queryKey: queryKeys.orderDetail(id),
    queryFn: () => api.get<ManageOrderDetail>(`/manage/v1/orders/${id}`),
  });
}
