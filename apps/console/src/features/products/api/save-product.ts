import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { productInput } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type ProductBody = z.input<typeof productInput>;

/** POST /manage/v1/products (new) or PUT /manage/v1/products/{id} (edit). */
export function useSaveProduct(id: number | null) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ProductBody) =>
      id === null
        ? api.post<{ id: number }>('/manage/v1/products', body)
        : api.put<{ id: number }>(`/manage/v1/products/${id}`, body).then(() => ({ id })),
    onSuccess: () => client.invalidateQueries(),
  });
}
