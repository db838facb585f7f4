import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { brandInput, manageBrandSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type BrandRow = z.infer<typeof manageBrandSchema>;
export type BrandBody = z.input<typeof brandInput>;

/** GET /manage/v1/brands (with each brand's product count). */
export function useBrandList() {
  return useQuery({
    queryKey: ['brands'],
    queryFn: () => api.get<BrandRow[]>('/manage/v1/brands'),
  });
}

/** POST /manage/v1/brands (new) or PUT /manage/v1/brands/{id}. */
export function useSaveBrand() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number | null; body: BrandBody }) =>
      vars.id === null
        ? api.post<{ id: number }>('/manage/v1/brands', vars.body)
        : api.put<null>(`/manage/v1/brands/${vars.id}`, vars.body),
    onSettled: () => client.invalidateQueries({ queryKey: ['brands'] }),
  });
}

/** DELETE /manage/v1/brands/{id} (refused while products carry the brand). */
export function useDeleteBrand() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/brands/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['brands'] }),
  });
}
