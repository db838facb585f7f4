import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { brandInput } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BrandBody = z.input<typeof brandInput>;

/** POST /manage/v1/brands (new) or PUT /manage/v1/brands/{id}. */
export function useSaveBrand() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number | null; body: BrandBody }) =>
      vars.id === null
        ? api.post<{ id: number }>('/manage/v1/brands', vars.body)
        : api.put<null>(`/manage/v1/brands/${vars.id}`, vars.body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.brands }),
  });
}

/** DELETE /manage/v1/brands/{id} (refused while products carry the brand). */
export function useDeleteBrand() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/brands/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.brands }),
  });
}
