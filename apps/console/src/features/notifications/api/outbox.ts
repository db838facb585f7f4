import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { Paged } from '@labshop/shared';
import type { OutboxRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/messages */
export function useOutbox(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.outboxList(params),
    queryFn: () => api.get<Paged<OutboxRecord>>('/manage/v1/messages', params),
    placeholderData: keepPreviousData,
  });
}

/** POST /manage/v1/messages/{id}/resend */
export function useResend() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.post<null>(`/manage/v1/messages/${id}/resend`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.outbox }),
  });
}
