import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { BankTransferView, bankTransferBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /manage/v1/payments/bank-transfers: one received transfer pays the selected orders
 * (合并确认收款); refreshes the lists, the dashboard and each paid order.
 */
export function useRecordBankTransfer() {
  const client = useQueryClient();
  // The App's message goes with the screen; the static one keeps a React root of its own.
  const { message } = App.useApp();
  return useSubmitMutation({
    mutationFn: (vars: z.input<typeof bankTransferBody>) =>
      api.post<BankTransferView>('/manage/v1/payments/bank-transfers', vars),
    onSuccess: async (transfer) => {
      void message.success(`已确认收款，共 ${transfer.orders.length} 个订单`);
      await Promise.all(
        [
          queryKeys.orders,
          queryKeys.dashboard,
          queryKeys.orderStocks,
          ...transfer.orders.map((o) => queryKeys.orderDetail(o.id)),
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
    },
  });
}
