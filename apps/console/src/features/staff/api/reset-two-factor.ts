import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/staff/{id}/two-factor/reset: another staff member's lost phone. */
export function useResetTwoFactor() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.post(`/manage/v1/staff/${id}/two-factor/reset`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}
