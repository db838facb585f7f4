import { useQuery } from '@tanstack/react-query';
import type { Brand } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Brands among the results of a search term (the brand filter). */
export function useSearchBrands(key: string) {
  return useQuery({
    queryKey: ['products', 'brands', key],
    queryFn: () => api.post<Brand[]>('/client/v1/products/brands', { key }),
    enabled: key !== '',
  });
}
