import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/deliveries */
export function useShipOrder(id: number) {
  return useOrderMutation(
    id,
    '已发货',
    (vars: {
      carrier: string;
      trackingNumber: string;
      goods: { orderGoodsId: number; quantity: number; storeId: number }[];
    }) => api.post(`/manage/v1/orders/${id}/deliveries`, vars),
  );
}
