import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { bulkPriceBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BulkPriceBody = z.input<typeof bulkPriceBody>;

/**
 * A bulk write changes the list and every product form it touched: the list and all products'
 * reads refresh (the answer says how many changed, not which).
 */
function useBulkProductWrite<V>(url: string) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: V) => api.post<{ changed: number }>(url, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.products }),
        client.invalidateQueries({ queryKey: queryKeys.product }),
      ]),
  });
}

/** POST /manage/v1/products/bulk/on-sale: 批量上架 / 批量下架. */
export const useBulkOnSale = () =>
  useBulkProductWrite<{ ids: number[]; onSale: boolean }>('/manage/v1/products/bulk/on-sale');

/** POST /manage/v1/products/bulk/prices: 批量改价. */
export const useBulkPrices = () =>
  useBulkProductWrite<BulkPriceBody>('/manage/v1/products/bulk/prices');
