import { useSubmitMutation } from '@labshop/api-client/react';
import type { LoginResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';

/** POST /client/v1/user/account-access: account and encrypted password. */
export function useAccountLogin() {
  return useSubmitMutation({
    mutationFn: async (f: { account: string; password: string }) =>
      api.post<LoginResult>('/client/v1/user/account-access', {
        account: f.account.trim(),
        password: await encryptPassword(f.password),
      }),
  });
}
