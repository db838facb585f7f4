import { useSubmitMutation } from '@labshop/api-client/react';
import type { LoginResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';
import type { PasswordSetForm } from '../validation';

/** Body of register and forgot password: both passwords encrypted. */
export async function passwordSetBody(f: PasswordSetForm) {
  const [password, confirmPassword] = await Promise.all([
    encryptPassword(f.password),
    encryptPassword(f.confirmPassword),
  ]);
  return { account: f.account.trim(), code: f.code.trim(), password, confirmPassword };
}

/** POST /client/v1/user/register: a new member is logged in straight away. */
export function useRegister() {
  return useSubmitMutation({
    mutationFn: async (f: PasswordSetForm) =>
      api.post<LoginResult>('/client/v1/user/register', await passwordSetBody(f)),
  });
}
