import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/dashboard */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: () => api.get<Dashboard>('/manage/v1/dashboard'),
    refetchInterval: 60_000,
  });
}
