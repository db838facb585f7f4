import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderStockSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type OrderStocks = z.infer<typeof orderStockSchema>;

/**
 * GET /manage/v1/orders/{id}/stocks: warehouses, the stock of the order's packs, the lots that
 * may ship (first to expire first) and the day before which a lot is short (docs/lots.md).
 */
export function useOrderStocks(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orderStocksOf(id),
    queryFn: () => api.get<OrderStocks>(`/manage/v1/orders/${id}/stocks`),
    enabled,
  });
}
