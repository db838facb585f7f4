import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  manageBrandSchema,
  manageCategorySchema,
  manageStoreSchema,
} from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * Reference data several screens read (warehouses, categories, brands): one query each, so every
 * screen shares one cached answer and the management pages' saves refresh them all.
 */

export type StoreRow = z.infer<typeof manageStoreSchema>;
export type CategoryRow = z.infer<typeof manageCategorySchema>;
export type BrandRow = z.infer<typeof manageBrandSchema>;

/** GET /manage/v1/stores */
export function useStores() {
  return useQuery({
    queryKey: queryKeys.stores,
    queryFn: () => api.get<StoreRow[]>('/manage/v1/stores'),
  });
}

/** GET /manage/v1/categories: the whole navigation tree as a flat list. */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: () => api.get<CategoryRow[]>('/manage/v1/categories'),
  });
}

/** GET /manage/v1/brands (with each brand's product count). */
export function useBrands() {
  return useQuery({
    queryKey: queryKeys.brands,
    queryFn: () => api.get<BrandRow[]>('/manage/v1/brands'),
  });
}
