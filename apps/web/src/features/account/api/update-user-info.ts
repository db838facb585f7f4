import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@/lib/mutation';
import type { UserInfo } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import type { ProfileForm } from '../validation';
import { userInfoKey } from './get-user-info';

/** PUT /client/v1/user/info/basic. */
export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (f: ProfileForm) => api.put<UserInfo>('/client/v1/user/info/basic', f),
    onSuccess: (info) => queryClient.setQueryData(userInfoKey, info),
  });
}
