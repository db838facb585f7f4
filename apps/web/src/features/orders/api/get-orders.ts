import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UI, type Paged } from '@labshop/shared';
import type { Order } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export interface OrderFilters {
  status?: number;
  payType?: number;
  /** The list's own values: 0 unpaid, 1 paid. */
  payStatus?: number;
  startTime?: number;
  endTime?: number;
}

/** GET /client/v1/user/orders, 20 per page, newest first. */
export function useOrders(filters: OrderFilters, page: number) {
  return useQuery({
    queryKey: ['orders', 'list', filters, page],
    queryFn: () =>
      api.get<Paged<Order>>('/client/v1/user/orders', {
        params: { ...filters, page, size: UI.accountListPageSize },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
