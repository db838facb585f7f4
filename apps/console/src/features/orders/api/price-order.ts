import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** PUT /manage/v1/orders/{id}/prices */
export function usePriceOrder(id: number) {
  return useOrderMutation(
    id,
    '定价已保存',
    (vars: {
      goods: { orderGoodsId: number; price: number }[];
      freight?: number;
      /** The detail's `version` the form was filled from. */
      version: number;
    }) => api.put(`/manage/v1/orders/${id}/prices`, vars),
  );
}
