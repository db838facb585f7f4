import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, type Paged } from '@labshop/shared';
import type { LotRow } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { LotRow };

const PATH = '/manage/v1/stock/lots';

/** GET /manage/v1/stock/lots?key=&storeId=&expiry=: lots with units left, first to expire first. */
export function useLots(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.lotList(params),
    queryFn: () => api.get<Paged<LotRow>>(PATH, params),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every lot with units on the book in one warehouse (the stocktake's sheet): the same list,
 * read page by page at the largest page size.
 */
export function useWarehouseLots(storeId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.lotsOfStore(storeId),
    queryFn: async () => {
      const size = LIMITS.pageSizeMax;
      const rows: LotRow[] = [];
      for (let page = 1; page <= LIMITS.pageMax; page++) {
        const res = await api.get<Paged<LotRow>>(PATH, { storeId, page, size });
        rows.push(...res.records);
        if (res.records.length < size || rows.length >= res.total) break;
      }
      return rows;
    },
    enabled: storeId !== undefined,
  });
}
