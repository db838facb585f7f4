import type { OrderTotals } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

export interface OrderEdit {
  goods: { orderGoodsId: number; quantity: number; price: number }[];
  freight?: number;
  /** The detail's `version` the dialog was filled from: a change meanwhile is refused. */
  version: number;
}

/** PUT /manage/v1/orders/{id}: 修改订单 of an unpaid order; answers the server's totals. */
export function useEditOrder(id: number) {
  return useOrderMutation(id, '订单已修改', (vars: OrderEdit) =>
    api.put<OrderTotals>(`/manage/v1/orders/${id}`, vars),
  );
}
