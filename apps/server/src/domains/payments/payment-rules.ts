import { PayType } from '@labshop/shared';
import type { Row } from '../../db/schema.ts';
import type { PaymentsConfig } from '../../payments-config.ts';

export const ORDER_NOT_FOUND = '订单不存在';

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
