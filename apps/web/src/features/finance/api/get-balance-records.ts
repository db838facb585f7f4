import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UI, type Paged } from '@labshop/shared';
import type { BalanceRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export interface BalanceFilters {
  type?: number;
  business?: number;
  startTime?: number;
  endTime?: number;
}

/** GET /client/v1/user/finance: the member's balance records, 20 per page, newest first. */
export function useBalanceRecords(filters: BalanceFilters, page: number) {
  return useQuery({
    queryKey: ['finance', 'records', filters, page],
    queryFn: () =>
      api.get<Paged<BalanceRecord>>('/client/v1/user/finance', {
        params: { ...filters, page, size: UI.accountListPageSize },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
