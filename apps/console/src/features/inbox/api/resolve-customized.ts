import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /manage/v1/customized/{id} */
export function useResolveCustomized() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, ...vars }: { id: number; status: number; reply: string }) =>
      api.put(`/manage/v1/customized/${id}`, vars),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.inbox('customized') }),
  });
}
