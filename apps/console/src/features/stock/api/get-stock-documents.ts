import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@labshop/shared';
import type { stockDocumentRowSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type StockDocumentRow = z.infer<typeof stockDocumentRowSchema>;

/** GET /manage/v1/stock/documents?kind=&storeId=: receipts, transfers and stocktakes, newest first. */
export function useStockDocuments(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.stockDocumentList(params),
    queryFn: () => api.get<Paged<StockDocumentRow>>('/manage/v1/stock/documents', params),
    placeholderData: keepPreviousData,
  });
}
