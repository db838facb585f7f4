import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { orderKey } from './get-order';

/** A write on one order that refreshes the order and the lists once it succeeds. */
export function useOrderMutation<V>(id: number, send: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: orderKey(id) }),
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
