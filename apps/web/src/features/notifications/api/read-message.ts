import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

/** PUT /client/v1/user/messages/{id}/read, or read-all without an id. */
export function useReadMessage() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number | 'all') =>
      api.put<null>(
        id === 'all' ? '/client/v1/user/messages/read-all' : `/client/v1/user/messages/${id}/read`,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['messages'] }),
  });
}
