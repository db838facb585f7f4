import { useSubmitMutation } from '@labshop/api-client/react';
import type { LoginResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** POST /client/v1/user/verification-access: phone and SMS code. */
export function useCodeLogin() {
  return useSubmitMutation({
    mutationFn: (f: { phone: string; code: string }) =>
      api.post<LoginResult>('/client/v1/user/verification-access', {
        phone: f.phone.trim(),
        code: f.code.trim(),
      }),
  });
}
