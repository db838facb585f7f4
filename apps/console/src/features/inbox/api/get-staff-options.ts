import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /manage/v1/staff/options: staff an item can be assigned to. */
export function useStaffOptions() {
  return useQuery({
    queryKey: ['staff-options'],
    queryFn: () => api.get<{ id: number; name: string }[]>('/manage/v1/staff/options'),
    staleTime: 60_000,
  });
}
