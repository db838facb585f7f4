import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { StaffRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/staff */
export function useStaffList(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.staffList(params),
    queryFn: () => api.get<Paged<StaffRecord>>('/manage/v1/staff', params),
  });
}
