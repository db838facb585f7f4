import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { EmergencyPhone } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/settings/emergency-phone: the 24-hour phone of the safety labels ('' unset). */
export function useEmergencyPhone() {
  return useQuery({
    queryKey: queryKeys.emergencyPhone,
    queryFn: () => api.get<EmergencyPhone>('/manage/v1/settings/emergency-phone'),
  });
}

/** PUT /manage/v1/settings/emergency-phone */
export function useSaveEmergencyPhone() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: EmergencyPhone) =>
      api.put<null>('/manage/v1/settings/emergency-phone', body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.emergencyPhone }),
  });
}
