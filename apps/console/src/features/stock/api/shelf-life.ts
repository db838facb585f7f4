import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/settings/shelf-life: the minimum remaining shelf life at shipping, in months. */
export function useShelfLife() {
  return useQuery({
    queryKey: queryKeys.shelfLife,
    queryFn: () => api.get<{ minMonths: number }>('/manage/v1/settings/shelf-life'),
  });
}

/** PUT /manage/v1/settings/shelf-life */
export function useSaveShelfLife() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { minMonths: number }) =>
      api.put<null>('/manage/v1/settings/shelf-life', body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.shelfLife }),
        // The ship dialog's short-expiry day follows the setting.
        client.invalidateQueries({ queryKey: queryKeys.orderStocks }),
      ]),
  });
}
