import { useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';

/** One product; keyed by login state because members also receive member prices. */
export function useProduct(id: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['products', 'detail', id, loggedIn],
    queryFn: () => api.get<ProductDetail>(`/client/v1/products/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}
