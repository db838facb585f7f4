import { OrderStatus, PayType } from '@labshop/shared';
import type { Row } from '../../db/schema.ts';
import type { PaymentsConfig } from '../../payments-config.ts';

export const ORDER_NOT_FOUND = '订单不存在';

/** Statuses in which an unpaid order can still be paid or closed. */
export const OPEN = [OrderStatus.PENDING, OrderStatus.AWAITING_SHIPMENT];
export const isOpen = (status: number) => OPEN.includes(status as (typeof OPEN)[number]);

/** The gateway's notification comes first; the query only fills in when it is late. */
export const QUERY_AFTER_MS = 60_000;

/** When an unpaid order closes: creation time plus the limit of its pay type. */
export function payDeadline(
  cfg: PaymentsConfig,
  order: Pick<Row<'orders'>, 'createdAt' | 'payType'>,
): number {
  return (
    order.createdAt +
    (order.payType === PayType.BANK_TRANSFER ? cfg.bankTimeoutMs : cfg.onlineTimeoutMs)
  );
}
