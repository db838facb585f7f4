import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { manageCategorySchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type CategoryRow = z.infer<typeof manageCategorySchema>;

/** GET /manage/v1/categories */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: () => api.get<CategoryRow[]>('/manage/v1/categories'),
  });
}
