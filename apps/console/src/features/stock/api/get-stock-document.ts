import { useQuery } from '@tanstack/react-query';
import type { StockDocument } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/stock/documents/{id}: one document with its lines. */
export function useStockDocument(id: number) {
  return useQuery({
    queryKey: queryKeys.stockDocument(id),
    queryFn: () => api.get<StockDocument>(`/manage/v1/stock/documents/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}
