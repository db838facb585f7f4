import { useQuery } from '@tanstack/react-query';
import type { StaffSecurity } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /manage/v1/staff/me/two-factor */
export function useTwoFactorState() {
  return useQuery({
    queryKey: ['two-factor'],
    queryFn: () => api.get<StaffSecurity>('/manage/v1/staff/me/two-factor'),
  });
}
