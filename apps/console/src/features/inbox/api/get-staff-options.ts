import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/staff/options: staff an item can be assigned to. */
export function useStaffOptions() {
  return useQuery({
    queryKey: queryKeys.staffOptions,
    queryFn: () => api.get<{ id: number; name: string }[]>('/manage/v1/staff/options'),
    staleTime: 60_000,
  });
}
