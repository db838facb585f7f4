import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { BulkShipInput, BulkShipResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys, stockWriteKeys } from '@/lib/query-keys';

/**
 * POST /manage/v1/orders/bulk/deliveries: 批量发货. Packages take stock and move orders, so the
 * lists, every order's detail and ship dialog, the dashboard and the stock screens refresh.
 */
export function useBulkShip() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: BulkShipInput) =>
      api.post<BulkShipResult>('/manage/v1/orders/bulk/deliveries', body),
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.orders,
          queryKeys.order,
          queryKeys.dashboard,
          queryKeys.orderStocks,
          ...stockWriteKeys,
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
