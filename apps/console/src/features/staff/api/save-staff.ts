import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';
import { queryKeys } from '@/lib/query-keys';

export interface StaffForm {
  id?: number;
  account: string;
  name: string;
  roles: string[];
  disabled: boolean;
  password?: string;
}

/** POST /manage/v1/staff (new) or PUT /manage/v1/staff/{id} (existing). */
export function useSaveStaff() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (f: StaffForm) =>
      f.id
        ? api.put(`/manage/v1/staff/${f.id}`, {
            name: f.name,
            roles: f.roles,
            disabled: f.disabled,
          })
        : api.post('/manage/v1/staff', {
            account: f.account,
            name: f.name,
            roles: f.roles,
            password: await encryptPassword(f.password ?? ''),
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}
