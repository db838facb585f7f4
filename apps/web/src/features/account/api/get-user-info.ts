import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const userInfoKey = ['user', 'info'] as const;

/** GET /client/v1/user/info. */
export function useUserInfo() {
  return useQuery({
    queryKey: userInfoKey,
    queryFn: () => api.get<UserInfo>('/client/v1/user/info'),
  });
}
