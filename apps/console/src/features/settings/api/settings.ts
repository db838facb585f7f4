import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Money-routing settings edited as forms of text: company details, bank transfer details. */
export type SettingKey = 'company' | 'bank';

/** GET /manage/v1/settings/{company|bank}: the value in force, as buyers see it. */
export function useSetting(key: SettingKey) {
  return useQuery({
    queryKey: queryKeys.moneySetting(key),
    queryFn: () => api.get<Record<string, string>>(`/manage/v1/settings/${key}`),
  });
}

/**
 * PUT /manage/v1/settings/{company|bank}: proposes the value; it takes effect once another
 * finance or admin member confirms it (docs/console.md, "Money routing").
 */
export function useProposeSetting(key: SettingKey) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: Record<string, string>) =>
      api.put<{ id: number }>(`/manage/v1/settings/${key}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.moneyRouting }),
  });
}

/** GET /manage/v1/search-keys: the hot search keywords in the order the storefront shows them. */
export function useSearchKeys() {
  return useQuery({
    queryKey: queryKeys.searchKeys,
    queryFn: () => api.get<string[]>('/manage/v1/search-keys'),
  });
}

/** PUT /manage/v1/search-keys: replaces the whole list. */
export function useSaveSearchKeys() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (keywords: string[]) => api.put<null>('/manage/v1/search-keys', { keywords }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.searchKeys }),
  });
}
