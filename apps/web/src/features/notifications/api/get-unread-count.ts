import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Unread messages of the member, for the header (members only: one indexed count). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: () =>
      api.get<{ count: number }>('/client/v1/user/messages/unread-count', { silent: true }),
    enabled,
    staleTime: 0,
  });
}
