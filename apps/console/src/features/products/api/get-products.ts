import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { manageProductRowSchema } from '@labshop/shared/schemas';
import type { Paged } from '@labshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ProductRow = z.infer<typeof manageProductRowSchema>;

/** GET /manage/v1/products */
export function useProducts(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.productList(params),
    queryFn: () => api.get<Paged<ProductRow>>('/manage/v1/products', params),
    placeholderData: keepPreviousData,
  });
}
