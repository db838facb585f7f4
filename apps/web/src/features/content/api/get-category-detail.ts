import { useQuery } from '@tanstack/react-query';
import type { CategoryDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** A category with its children as classification items (the about page's hot classifications). */
export function useCategoryDetail(id: number | undefined) {
  return useQuery({
    queryKey: ['categories', 'detail', id],
    queryFn: () => api.get<CategoryDetail>(`/client/v1/categories/${id ?? 0}`),
    enabled: id !== undefined,
    staleTime: 10 * 60_000,
  });
}
