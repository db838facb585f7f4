import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { ManageQuote } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /manage/v1/quotes */
export function useQuotes(filters: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: ['quotes', filters],
    queryFn: () => api.get<Paged<ManageQuote>>('/manage/v1/quotes', filters),
    placeholderData: keepPreviousData,
  });
}
