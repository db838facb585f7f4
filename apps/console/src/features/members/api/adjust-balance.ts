import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/members/{id}/balance */
export function useAdjustBalance(id: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { amount: number; remark: string }) =>
      api.post<{ balance: number }>(`/manage/v1/members/${id}/balance`, vars),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.member(id) }),
  });
}
