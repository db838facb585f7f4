import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';

/** PUT /manage/v1/staff/me/password: ends the staff member's other sessions. */
export function useChangeOwnPassword() {
  return useSubmitMutation({
    mutationFn: async (f: { oldPassword: string; password: string }) =>
      api.put('/manage/v1/staff/me/password', {
        oldPassword: await encryptPassword(f.oldPassword),
        password: await encryptPassword(f.password),
      }),
  });
}
