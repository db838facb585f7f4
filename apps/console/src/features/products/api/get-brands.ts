import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { manageBrandSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type BrandRow = z.infer<typeof manageBrandSchema>;

/** GET /manage/v1/brands */
export function useBrands() {
  return useQuery({
    queryKey: ['brands'],
    queryFn: () => api.get<BrandRow[]>('/manage/v1/brands'),
  });
}
