import { useQuery } from '@tanstack/react-query';
import type { PunchoutMessage } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/punchout/messages?connectionId= (the newest first). */
export function usePunchoutMessages(connectionId: number | null) {
  return useQuery({
    queryKey: queryKeys.punchoutMessages(connectionId ?? 0),
    queryFn: () =>
      api.get<PunchoutMessage[]>('/manage/v1/punchout/messages', {
        connectionId: connectionId ?? 0,
      }),
    enabled: connectionId !== null,
  });
}
