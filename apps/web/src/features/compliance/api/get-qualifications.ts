import { useQuery } from '@tanstack/react-query';
import type { Qualification } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';

/** GET /client/v1/user/qualifications: the member's documents (members only). */
export function useQualifications() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['qualifications'],
    queryFn: () => api.get<Qualification[]>('/client/v1/user/qualifications'),
    enabled: loggedIn,
  });
}
