import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /manage/v1/contents/{id}/published: shows or hides a text on the storefront. */
export function usePublishContent() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number; published: boolean }) =>
      api.put<null>(`/manage/v1/contents/${vars.id}/published`, { published: vars.published }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.contents }),
  });
}

/** DELETE /manage/v1/contents/{id} */
export function useDeleteContent() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/contents/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.contents }),
  });
}

/** PUT /manage/v1/links/{id}/published: shows or hides a banner or link on the storefront. */
export function usePublishLink() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number; published: boolean }) =>
      api.put<null>(`/manage/v1/links/${vars.id}/published`, { published: vars.published }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.links }),
  });
}

/** DELETE /manage/v1/links/{id} */
export function useDeleteLink() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/links/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.links }),
  });
}

/** POST /manage/v1/contents/images: a picture for a text or a banner; answers its address. */
export async function uploadContentImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await api.upload<{ url: string }>('/manage/v1/contents/images', form);
  return res.data.url;
}
