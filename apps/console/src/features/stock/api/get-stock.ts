import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@labshop/shared';
import type { stockRowSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type StockRow = z.infer<typeof stockRowSchema>;

/** GET /manage/v1/stock: the packs and their count in one warehouse. */
export function useStock(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: ['stock', params],
    queryFn: () => api.get<Paged<StockRow>>('/manage/v1/stock', params),
    enabled: params.storeId !== undefined,
    placeholderData: keepPreviousData,
  });
}
