import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/cancel */
export function useCancelOrder(id: number) {
  return useOrderMutation(id, '订单已取消', (vars: { reason: string }) =>
    api.post(`/manage/v1/orders/${id}/cancel`, vars),
  );
}
