import { useQuery } from '@tanstack/react-query';
import type { Category } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Child categories of `pid` (0: the top level, which drives the main navigation). */
export function useCategories(pid = 0, enabled = true) {
  return useQuery({
    queryKey: ['categories', 'children', pid],
    queryFn: () => api.get<Category[]>('/client/v1/categories/children', { params: { pid } }),
    staleTime: 10 * 60_000,
    enabled,
  });
}
