import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /manage/v1/contents/{id}/published: shows or hides a text on the storefront. */
export function usePublishContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; published: boolean }) =>
      api.put<null>(`/manage/v1/contents/${vars.id}/published`, { published: vars.published }),
    onSettled: () => client.invalidateQueries({ queryKey: ['contents'] }),
  });
}

/** DELETE /manage/v1/contents/{id} */
export function useDeleteContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/contents/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['contents'] }),
  });
}
