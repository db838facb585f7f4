import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';
import type { PasswordChangeForm } from '../validation';

/** PUT /client/v1/user/info/password: all three fields encrypted. */
export function useChangePassword() {
  return useSubmitMutation({
    mutationFn: async (f: PasswordChangeForm) => {
      const [oldPassword, password, confirmPassword] = await Promise.all(
        [f.oldPassword, f.password, f.confirmPassword].map(encryptPassword),
      );
      return api.put<null>('/client/v1/user/info/password', {
        oldPassword,
        password,
        confirmPassword,
      });
    },
  });
}
