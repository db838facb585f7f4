import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { ManageQuote } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/quotes */
export function useQuotes(filters: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.quoteList(filters),
    queryFn: () => api.get<Paged<ManageQuote>>('/manage/v1/quotes', filters),
    placeholderData: keepPreviousData,
  });
}
