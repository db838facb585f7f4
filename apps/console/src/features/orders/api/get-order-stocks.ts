import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderStockSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type OrderStocks = z.infer<typeof orderStockSchema>;

/** GET /manage/v1/orders/{id}/stocks: warehouses and the stock of the order's packs. */
export function useOrderStocks(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['order-stocks', id],
    queryFn: () => api.get<OrderStocks>(`/manage/v1/orders/${id}/stocks`),
    enabled,
  });
}
