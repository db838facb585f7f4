import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/complete */
export function useCompleteOrder(id: number) {
  return useOrderMutation<void>(id, () => api.post(`/manage/v1/orders/${id}/complete`));
}
