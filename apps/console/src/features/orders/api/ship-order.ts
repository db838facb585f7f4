import { api } from '@/lib/api-client';
import { stockWriteKeys } from '@/lib/query-keys';
import { useOrderMutation } from './order-mutation';

export interface ShipInput {
  carrier: string;
  trackingNumber: string;
  /** A line without lotNumber ships the warehouse's first-expiring lots (FEFO). */
  goods: { orderGoodsId: number; quantity: number; storeId: number; lotNumber?: string }[];
  /** Staff confirmed shipping a lot shorter than the minimum remaining shelf life. */
  confirmShortExpiry?: boolean;
  /** 经办人 of a regulated package (required by the server for 剧毒 lines). */
  handlerName?: string;
  handlerIdNumber?: string;
}

/** POST /manage/v1/orders/{id}/deliveries: the package takes stock, so stock screens refresh. */
export function useShipOrder(id: number) {
  return useOrderMutation(
    id,
    '已发货',
    (vars: ShipInput) => api.post(`/manage/v1/orders/${id}/deliveries`, vars),
    stockWriteKeys,
  );
}
