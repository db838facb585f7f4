import { useQuery } from '@tanstack/react-query';
import type { ManageProduct } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/products/{id} */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: queryKeys.productDetail(id ?? 0),
    queryFn: () => api.get<ManageProduct>(`/manage/v1/products/${id}`),
    enabled: id !== null,
  });
}
