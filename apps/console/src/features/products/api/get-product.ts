import { useQuery } from '@tanstack/react-query';
import type { ManageProduct } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const productKey = (id: number) => ['product', id] as const;

/** GET /manage/v1/products/{id} */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKey(id ?? 0),
    queryFn: () => api.get<ManageProduct>(`/manage/v1/products/${id}`),
    enabled: id !== null,
  });
}
