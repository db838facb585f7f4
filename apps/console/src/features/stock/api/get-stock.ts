import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@labshop/shared';
import type { stockRowSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type StockRow = z.infer<typeof stockRowSchema>;

/**
 * GET /manage/v1/stock: the packs and their count and lots in one warehouse. The receipt screen
 * finds packs with it too (`key`: item number or name), asking only once something is typed.
 */
export function useStock(params: Record<string, string | number | undefined>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.stockList(params),
    queryFn: () => api.get<Paged<StockRow>>('/manage/v1/stock', params),
    enabled: enabled && params.storeId !== undefined,
    placeholderData: keepPreviousData,
  });
}
