import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { NotificationSettings } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

const url = '/client/v1/user/notification-settings';

/** Which notification emails the member gets. */
export function useEmailSettings() {
  return useQuery({
    queryKey: ['messages', 'settings'],
    queryFn: () => api.get<NotificationSettings>(url),
  });
}

export function useSaveEmailSetting() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (change: { event: string; enabled: boolean }) =>
      api.put<NotificationSettings>(url, { email: [change] }),
    onSuccess: (settings) => client.setQueryData(['messages', 'settings'], settings),
  });
}
