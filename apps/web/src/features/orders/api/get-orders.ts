import type { Order } from '@labshop/shared/schemas';
import { usePagedQuery } from '@/hooks/use-paged-query';

export type OrderFilters = {
  status?: number;
  payType?: number;
  /** The list's own values: 0 unpaid, 1 paid. */
  payStatus?: number;
  startTime?: number;
  endTime?: number;
};

/** GET /client/v1/user/orders, 20 per page, newest first. */
export function useOrders(filters: OrderFilters, page: number) {
  return usePagedQuery<Order>(['orders', 'list'], '/client/v1/user/orders', filters, page);
}
