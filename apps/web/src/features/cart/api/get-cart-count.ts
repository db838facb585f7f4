import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Number of lines in the member's cart, for the header button (members only). */
export function useCartCount(enabled: boolean) {
  return useQuery({
    queryKey: ['cart', 'count'],
    queryFn: () => api.get<number>('/client/v1/cart/count', { silent: true }),
    enabled,
    staleTime: 0,
  });
}
