import { api } from '@/lib/api-client';
import { stockWriteKeys } from '@/lib/query-keys';
import { useOrderMutation } from './order-mutation';

/**
 * POST /manage/v1/orders/{id}/deliveries/{deliveryId}/cancel (撤销发货): the package's units go
 * back to their lots, so stock screens refresh with the order.
 */
export function useCancelDelivery(id: number) {
  return useOrderMutation(
    id,
    '已撤销发货',
    ({ deliveryId, ...vars }: { deliveryId: number; reason: string }) =>
      api.post(`/manage/v1/orders/${id}/deliveries/${deliveryId}/cancel`, vars),
    stockWriteKeys,
  );
}
