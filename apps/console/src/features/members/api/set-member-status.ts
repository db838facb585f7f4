import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /manage/v1/members/{id}/status */
export function useSetMemberStatus(id: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (disabled: boolean) => api.put(`/manage/v1/members/${id}/status`, { disabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.member(id) }),
  });
}
