import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** PUT /manage/v1/orders/{id}/prices */
export function usePriceOrder(id: number) {
  return useOrderMutation(
    id,
    '定价已保存',
    (vars: { goods: { orderGoodsId: number; price: number }[]; freight?: number }) =>
      api.put(`/manage/v1/orders/${id}/prices`, vars),
  );
}
