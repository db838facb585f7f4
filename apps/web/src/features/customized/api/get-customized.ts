import { useQuery } from '@tanstack/react-query';
import type { Customized } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /client/v1/customized/{id}. */
export function useCustomized(id: number) {
  return useQuery({
    queryKey: ['customized', 'detail', id],
    queryFn: () => api.get<Customized>(`/client/v1/customized/${id}`),
    staleTime: 0,
  });
}
