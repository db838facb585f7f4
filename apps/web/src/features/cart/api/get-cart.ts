import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The member's cart lines, newest first. */
export function useCart() {
  return useQuery({
    queryKey: ['cart', 'lines'],
    queryFn: () => api.get<CartLine[]>('/client/v1/cart'),
    staleTime: 0,
  });
}
