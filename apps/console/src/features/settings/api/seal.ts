import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

const sealKey = ['settings', 'seal'] as const;

/** GET /manage/v1/settings/seal: the seal printed on quotes and order documents ('' for none). */
export function useSeal() {
  return useQuery({
    queryKey: sealKey,
    queryFn: () => api.get<{ image: string }>('/manage/v1/settings/seal'),
  });
}

/**
 * Uploads the picture (POST /manage/v1/contents/images) and saves it as the seal
 * (PUT /manage/v1/settings/seal), which the server accepts only as a PNG or JPEG.
 */
export function useUploadSeal() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const { data } = await api.upload<{ url: string }>('/manage/v1/contents/images', form);
      await api.put<null>('/manage/v1/settings/seal', { image: data.url });
    },
    onSettled: () => client.invalidateQueries({ queryKey: sealKey }),
  });
}

/** PUT /manage/v1/settings/seal with no image: the documents print no seal. */
export function useRemoveSeal() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => api.put<null>('/manage/v1/settings/seal', { image: '' }),
    onSettled: () => client.invalidateQueries({ queryKey: sealKey }),
  });
}
