import type { BalanceRecord } from '@labshop/shared/schemas';
import { usePagedQuery } from '@/hooks/use-paged-query';

export type BalanceFilters = {
  type?: number;
  business?: number;
  startTime?: number;
  endTime?: number;
};

/** GET /client/v1/user/finance: the member's balance records, 20 per page, newest first. */
export function useBalanceRecords(filters: BalanceFilters, page: number) {
  return usePagedQuery<BalanceRecord>(
    ['finance', 'records'],
    '/client/v1/user/finance',
    filters,
    page,
  );
}
