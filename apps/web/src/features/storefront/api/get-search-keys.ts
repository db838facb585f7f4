import { useQuery } from '@tanstack/react-query';
import type { SearchKey } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Hot search keywords shown under the header search box. */
export function useSearchKeys() {
  return useQuery({
    queryKey: ['products', 'search-keys'],
    queryFn: () => api.get<SearchKey[]>('/client/v1/products/search-keys', { silent: true }),
    staleTime: 10 * 60_000,
  });
}
