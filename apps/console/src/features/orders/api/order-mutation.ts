import { useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { useSubmitMutation } from '@labshop/api-client/react';
import { orderKey } from './get-order';

/**
 * A write on one order that says `done` once it succeeds (staff must see that it happened) and
 * refreshes the order and the lists.
 */
export function useOrderMutation<V>(id: number, done: string, send: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: send,
    onSuccess: async () => {
      void message.success(done);
      await Promise.all([
        client.invalidateQueries({ queryKey: orderKey(id) }),
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
