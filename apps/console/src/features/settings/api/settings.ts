import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

/** The site settings the storefront shows: company contact details, bank transfer details. */
export type SettingKey = 'company' | 'bank';

/** GET /manage/v1/settings/{company|bank} */
export function useSetting(key: SettingKey) {
  return useQuery({
    queryKey: ['settings', key],
    queryFn: () => api.get<Record<string, string>>(`/manage/v1/settings/${key}`),
  });
}

/** PUT /manage/v1/settings/{company|bank} */
export function useSaveSetting(key: SettingKey) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: Record<string, string>) => api.put<null>(`/manage/v1/settings/${key}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['settings', key] }),
  });
}

/** GET /manage/v1/search-keys: the hot search keywords in the order the storefront shows them. */
export function useSearchKeys() {
  return useQuery({
    queryKey: ['search-keys'],
    queryFn: () => api.get<string[]>('/manage/v1/search-keys'),
  });
}

/** PUT /manage/v1/search-keys: replaces the whole list. */
export function useSaveSearchKeys() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (keywords: string[]) => api.put<null>('/manage/v1/search-keys', { keywords }),
    onSettled: () => client.invalidateQueries({ queryKey: ['search-keys'] }),
  });
}
