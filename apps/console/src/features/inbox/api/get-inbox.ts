import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { InboxKind, InboxRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/inbox/{kind} */
export function useInbox(kind: InboxKind, params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.inboxList(kind, params),
    queryFn: () => api.get<Paged<InboxRecord>>(`/manage/v1/inbox/${kind}`, params),
    placeholderData: keepPreviousData,
  });
}
