import { useQuery } from '@tanstack/react-query';
import type { ManageQuote } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/quotes/{id} */
export function useQuote(id: number) {
  return useQuery({
    queryKey: queryKeys.quote(id),
    queryFn: () => api.get<ManageQuote>(`/manage/v1/quotes/${id}`),
  });
}
