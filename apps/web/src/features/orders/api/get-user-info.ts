import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The member's profile; the confirm page shows its balance. */
export function useUserInfo() {
  return useQuery({
    queryKey: ['user', 'info'],
    queryFn: () => api.get<UserInfo>('/client/v1/user/info'),
    staleTime: 0,
  });
}
