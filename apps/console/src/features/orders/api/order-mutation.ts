import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useSubmitMutation } from '@labshop/api-client/react';
import { queryKeys } from '@/lib/query-keys';

/**
 * A write on one order that says `done` once it succeeds (staff must see that it happened) and
 * refreshes the order, the lists and what the ship dialog read; `also` names further data the
 * write changes (a package takes stock). A refused write refreshes them too: it is most often
 * refused because someone changed the order meanwhile, and staff should see how it stands now.
 */
export function useOrderMutation<V>(
  id: number,
  done: string,
  send: (vars: V) => Promise<unknown>,
  also: readonly QueryKey[] = [],
) {
  const client = useQueryClient();
  // The App's message goes with the screen; the static one keeps a React root of its own.
  const { message } = App.useApp();
  const refresh = () =>
    Promise.all(
      [
        queryKeys.orderDetail(id),
        queryKeys.orders,
        queryKeys.dashboard,
        queryKeys.orderStocksOf(id),
        ...also,
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
  return useSubmitMutation({
    mutationFn: send,
    onSuccess: async () => {
      void message.success(done);
      await refresh();
    },
    onError: () => void refresh(),
  });
}
