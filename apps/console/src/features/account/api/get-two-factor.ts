import { useQuery } from '@tanstack/react-query';
import type { StaffSecurity } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/staff/me/two-factor */
export function useTwoFactorState() {
  return useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: () => api.get<StaffSecurity>('/manage/v1/staff/me/two-factor'),
  });
}
