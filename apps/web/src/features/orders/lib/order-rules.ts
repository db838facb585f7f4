import { OrderStatus, PayStatus, PayType } from '@labshop/shared';

/**
 * A customer may cancel while the order is pending or awaiting shipment and unpaid; a credit
 * (月结) order only while it waits for approval, as the server rules (docs/orders.md).
 */
export const canCancel = (o: { status: number; payStatus: number; payType?: number | null }) =>
  o.payStatus === PayStatus.UNPAID &&
  (o.status === OrderStatus.PENDING ||
    (o.status === OrderStatus.AWAITING_SHIPMENT && o.payType !== PayType.CREDIT));

/** Logistics are shown for shipping and completed orders only. */
export const showsLogistics = (status: number) =>
  status === OrderStatus.SHIPPING || status === OrderStatus.COMPLETED;
