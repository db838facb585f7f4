import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';

/** PUT /manage/v1/staff/{id}/password */
export function useResetStaffPassword() {
  return useSubmitMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) =>
      api.put(`/manage/v1/staff/${id}/password`, { password: await encryptPassword(password) }),
  });
}
