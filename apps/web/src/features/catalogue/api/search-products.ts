import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UI } from '@labshop/shared';
import type { ProductSearchAnswer } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';

export interface SearchParams {
  key: string;
  brandId: number | null;
  page: number;
}

/**
 * Search results, one page at a time, with the term's brands and related substances from the
 * same answer (one request per page shown); the previous page stays shown while the next loads.
 * Keyed by login state because members also receive member prices.
 */
export function useSearchProducts({ key, brandId, page }: SearchParams) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['products', 'search', key, brandId, page, loggedIn],
    queryFn: () =>
      api.post<ProductSearchAnswer>('/client/v1/products', {
        key,
        brandId,
        page,
        size: UI.searchPageSize,
        facets: true,
      }),
    enabled: key !== '',
    placeholderData: keepPreviousData,
  });
}
