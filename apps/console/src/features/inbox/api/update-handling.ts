import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { InboxKind } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /manage/v1/inbox/{kind}/{id} */
export function useUpdateHandling(kind: InboxKind) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({
      id,
      ...vars
    }: {
      id: number;
      handleStatus: number;
      staffRemark: string;
      assigneeId: number | null;
    }) => api.put(`/manage/v1/inbox/${kind}/${id}`, vars),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.inbox(kind) }),
  });
}
