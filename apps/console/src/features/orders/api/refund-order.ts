import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';
import { queryKeys } from '@/lib/query-keys';

/** POST /manage/v1/orders/{id}/refunds: refund through the gateway, in part or what is left. */
export function useRefundOrder(id: number) {
  const client = useQueryClient();
  const mutation = useOrderMutation(
    id,
    '退款已提交',
    async (vars: { amount?: number; reason: string }) => {
      await api.post(`/manage/v1/orders/${id}/refunds`, vars);
      await client.invalidateQueries({ queryKey: queryKeys.orderPayments(id) });
    },
  );
  return mutation;
}
