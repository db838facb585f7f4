import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UI, type Paged } from '@labshop/shared';
import { api } from '@/lib/api-client';

type Params = Record<string, number | undefined>;

/**
 * One page of a member's list (20 per page). Lists change under the member (new orders, payments,
 * cancellations), so every visit asks again; the last page stays on screen while the next loads.
 */
export function usePagedQuery<T>(
  key: readonly string[],
  url: string,
  filters: Params,
  page: number,
) {
  return useQuery({
    queryKey: [...key, filters, page],
    queryFn: () =>
      api.get<Paged<T>>(url, { params: { ...filters, page, size: UI.accountListPageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
