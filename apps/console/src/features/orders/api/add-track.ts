import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/deliveries/{deliveryId}/tracks */
export function useAddTrack(id: number) {
  return useOrderMutation(
    id,
    '物流记录已添加',
    ({ deliveryId, ...vars }: { deliveryId: number; context: string; time?: number }) =>
      api.post(`/manage/v1/orders/${id}/deliveries/${deliveryId}/tracks`, vars),
  );
}
