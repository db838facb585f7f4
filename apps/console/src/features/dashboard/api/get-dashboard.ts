import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /manage/v1/dashboard */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.get<Dashboard>('/manage/v1/dashboard'),
    refetchInterval: 60_000,
  });
}
