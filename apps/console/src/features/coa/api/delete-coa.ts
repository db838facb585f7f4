import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /manage/v1/coa/{id} */
export function useDeleteCoa() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/coa/${id}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.coa }),
        client.invalidateQueries({ queryKey: queryKeys.lots }),
      ]),
  });
}
