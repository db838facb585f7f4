import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { ManageOrder } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type OrderFilters = Record<string, string | number | undefined>;

/** GET /manage/v1/orders */
export function useOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: queryKeys.orderList(filters),
    queryFn: () => api.get<Paged<ManageOrder>>('/manage/v1/orders', filters),
    placeholderData: keepPreviousData,
  });
}
