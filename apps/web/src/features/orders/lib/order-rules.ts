import { OrderStatus, PayStatus } from '@labshop/shared';

/** A customer may cancel while the order is pending or awaiting shipment and unpaid. */
export const canCancel = (o: { status: number; payStatus: number }) =>
  (o.status === OrderStatus.PENDING || o.status === OrderStatus.AWAITING_SHIPMENT) &&
  o.payStatus === PayStatus.UNPAID;

/** Logistics are shown for shipping and completed orders only. */
export const showsLogistics = (status: number) =>
  status === OrderStatus.SHIPPING || status === OrderStatus.COMPLETED;
