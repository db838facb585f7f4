import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { contentInput, manageContentDetailSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ContentBody = z.input<typeof contentInput>;
export type ContentDetail = z.infer<typeof manageContentDetailSchema>;

/** GET /manage/v1/contents/{id} (to edit one). */
export const fetchContent = (id: number) => api.get<ContentDetail>(`/manage/v1/contents/${id}`);

/** POST /manage/v1/contents (new) or PUT /manage/v1/contents/{id}. */
export function useSaveContent() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number | null; body: ContentBody }) =>
      vars.id === null
        ? api.post<{ id: number }>('/manage/v1/contents', vars.body)
        : api.put<null>(`/manage/v1/contents/${vars.id}`, vars.body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.contents }),
  });
}
