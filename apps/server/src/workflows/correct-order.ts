import type { z } from 'zod';
import type { OrderTotals, orderEditBody, pricesBody } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import type { PaymentsConfig } from '../payments-config.ts';
import * as orders from '../domains/orders/index.ts';
import { closeSupersededPayments, supersedePayments } from '../domains/payments/index.ts';
import type { StaffIdentity } from '../domains/staff/index.ts';

/*
 * 定价 and 修改订单 (docs/console.md, "Orders"): staff change what an unpaid order owes, in one
 * transaction that rewrites the order (orders) and supersedes its open gateway payments, which
 * asked for the old amount (payments); once committed, those are closed at their gateways, or
 * by the payments job when a gateway cannot close now (docs/payments.md, "An order corrected
 * by staff").
 */

/** The correction's transaction: the order rewritten, its open gateway payments superseded. */
function rewrite(
  db: Db,
  orderId: number,
  correct: (trx: Db) => Promise<OrderTotals>,
): Promise<OrderTotals> {
  return db.transaction().execute(async (trx) => {
    const totals = await correct(trx);
    await supersedePayments(trx, orderId, now());
    return totals;
  });
}

/** Prices an unpaid order's lines (committed; its old payments not yet closed at the gateway). */
export const priceLines = (
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof pricesBody>,
): Promise<OrderTotals> => rewrite(db, id, (trx) => orders.priceLines(trx, staff, id, input));

/** Corrects an unpaid order (committed; its old payments not yet closed at the gateway). */
export const editOrder = (
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof orderEditBody>,
): Promise<OrderTotals> => rewrite(db, id, (trx) => orders.editOrder(trx, staff, id, input));

/** Prices an unpaid order's lines: a 待确认 order's first pricing, or new prices later. */
export async function priceOrder(
  db: Db,
  cfg: PaymentsConfig,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof pricesBody>,
): Promise<OrderTotals> {
  const totals = await priceLines(db, staff, id, input);
  // Gateway payments made for the old amount are closed now.
  await closeSupersededPayments(db, cfg, id);
  return totals;
}

/** Corrects an unpaid order: lines lowered or removed, prices and freight corrected. */
export async function correctOrder(
  db: Db,
  cfg: PaymentsConfig,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof orderEditBody>,
): Promise<OrderTotals> {
  const totals = await editOrder(db, staff, id, input);
  await closeSupersededPayments(db, cfg, id);
  return totals;
}
