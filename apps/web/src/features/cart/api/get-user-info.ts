import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Reads the profile fresh at checkout: a name completed a moment ago in another tab counts. */
export function useFetchUserInfo() {
  const qc = useQueryClient();
  return () =>
    qc.fetchQuery({
      queryKey: ['user', 'info'],
      queryFn: () => api.get<UserInfo>('/client/v1/user/info'),
      staleTime: 0,
    });
}
