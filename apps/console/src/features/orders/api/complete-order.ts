import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/complete */
export function useCompleteOrder(id: number) {
  return useOrderMutation<void>(id, '订单已完成', () =>
    api.post(`/manage/v1/orders/${id}/complete`),
  );
}
