import { useQuery } from '@tanstack/react-query';
import type { OrderPackages } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /manage/v1/orders/{id}/packages: the order's lines grouped by shipping class, each group
 * with the carriers it may go with (docs/shipping.md, section 4).
 */
export function useOrderPackages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orderPackages(id),
    queryFn: () => api.get<OrderPackages>(`/manage/v1/orders/${id}/packages`),
    enabled,
  });
}
