import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/staff/me/two-factor/disable */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (code: string) => api.post('/manage/v1/staff/me/two-factor/disable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}
