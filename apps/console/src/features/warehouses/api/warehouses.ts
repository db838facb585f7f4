import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/stores (new) or PUT /manage/v1/stores/{id}. */
export function useSaveWarehouse() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number | null; name: string }) =>
      vars.id === null
        ? api.post<{ id: number }>('/manage/v1/stores', { name: vars.name })
        : api.put<null>(`/manage/v1/stores/${vars.id}`, { name: vars.name }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.stores }),
  });
}

/** DELETE /manage/v1/stores/{id} (refused while the warehouse holds stock). */
export function useDeleteWarehouse() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/stores/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.stores }),
  });
}
