import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/settings/seal: the seal in force on quotes and order documents ('' for none). */
export function useSeal() {
  return useQuery({
    queryKey: queryKeys.moneySetting('seal'),
    queryFn: () => api.get<{ image: string }>('/manage/v1/settings/seal'),
  });
}

/**
 * Uploads the picture (POST /manage/v1/settings/seal/image) and proposes it as the seal
 * (PUT /manage/v1/settings/seal), which the server accepts only as a PNG or JPEG; it takes
 * effect once another finance or admin member confirms it.
 */
export function useUploadSeal() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const { data } = await api.upload<{ url: string }>('/manage/v1/settings/seal/image', form);
      await api.put<{ id: number }>('/manage/v1/settings/seal', { image: data.url });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.moneyRouting }),
  });
}

/** PUT /manage/v1/settings/seal with no image: proposes that the documents print no seal. */
export function useRemoveSeal() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => api.put<{ id: number }>('/manage/v1/settings/seal', { image: '' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.moneyRouting }),
  });
}
