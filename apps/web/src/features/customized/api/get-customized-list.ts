import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UI, type Paged } from '@labshop/shared';
import type { Customized } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /client/v1/customized: the member's custom requests, 20 per page, newest first. */
export function useCustomizedList(range: { startTime?: number; endTime?: number }, page: number) {
  return useQuery({
    queryKey: ['customized', 'list', range, page],
    queryFn: () =>
      api.get<Paged<Customized>>('/client/v1/customized', {
        params: { ...range, page, size: UI.accountListPageSize },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
