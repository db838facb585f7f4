import { useQuery } from '@tanstack/react-query';
import type { RelationName } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Related substance names for a search term (the left list of the results page). */
export function useSearchRelations(key: string) {
  return useQuery({
    queryKey: ['products', 'relations', key],
    queryFn: () => api.post<RelationName[]>('/client/v1/products/relations', { key }),
    enabled: key !== '',
  });
}
