import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/payment */
export function useConfirmPayment(id: number) {
  return useOrderMutation(id, '已确认收款', (vars: { amount: number; reference: string }) =>
    api.post(`/manage/v1/orders/${id}/payment`, vars),
  );
}
