import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import type { PasswordSetForm } from '../validation';
import { passwordSetBody } from './register';

/** POST /client/v1/user/password: forgot password, with a code sent to the account. */
export function useResetPassword() {
  return useSubmitMutation({
    mutationFn: async (f: PasswordSetForm) =>
      api.post<null>('/client/v1/user/password', await passwordSetBody(f)),
  });
}
