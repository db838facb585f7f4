import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/staff/me/two-factor: confirms with a code; answers the recovery codes. */
export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>('/manage/v1/staff/me/two-factor', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}
