import { useQuery } from '@tanstack/react-query';
import type { ManageQuote } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const quoteKey = (id: number) => ['quote', id] as const;

/** GET /manage/v1/quotes/{id} */
export function useQuote(id: number) {
  return useQuery({
    queryKey: quoteKey(id),
    queryFn: () => api.get<ManageQuote>(`/manage/v1/quotes/${id}`),
  });
}
