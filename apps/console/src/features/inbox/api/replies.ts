import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { InboxReply } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ReplyKind = 'messages' | 'inquiries';

/** GET /manage/v1/inbox/{kind}/{id}/replies */
export function useReplies(kind: ReplyKind, id: number | null) {
  return useQuery({
    queryKey: queryKeys.inboxReplies(kind, id),
    queryFn: () => api.get<InboxReply[]>(`/manage/v1/inbox/${kind}/${id ?? 0}/replies`),
    enabled: id !== null,
  });
}

/** POST /manage/v1/inbox/{kind}/{id}/replies: mailed to the writer and kept in the thread. */
export function useSendReply(kind: ReplyKind, id: number | null) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (content: string) =>
      api.post<InboxReply[]>(`/manage/v1/inbox/${kind}/${id ?? 0}/replies`, { content }),
    onSuccess: (thread) => client.setQueryData(queryKeys.inboxReplies(kind, id), thread),
  });
}
