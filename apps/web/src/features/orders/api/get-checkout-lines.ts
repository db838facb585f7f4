import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** POST /client/v1/cart/part: the chosen cart lines as they are now, for the confirm page. */
export function useCheckoutLines(ids: number[]) {
  return useQuery({
    queryKey: ['cart', 'part', ids],
    queryFn: () => api.post<CartLine[]>('/client/v1/cart/part', { ids }),
    enabled: ids.length > 0,
    staleTime: 0,
  });
}
