import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The member's profile, to fill in the request's company, contact and phone (members only). */
export function useUserInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'info'],
    queryFn: () => api.get<UserInfo>('/client/v1/user/info'),
    staleTime: 0,
    enabled,
  });
}
