import { OrderStatus, PayType, toFen, toYuan } from '@labshop/shared';
import {
  MSG_ALREADY_SETTLED,
  MSG_SETTLEMENT_AMOUNT,
  type settlementBody,
} from '@labshop/shared/schemas';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { recordAudit } from '../domains/audit/index.ts';
import {
  creditOrdersByIds,
  recordSettledOrders,
  recordSettlement,
} from '../domains/credit/index.ts';
import { notify } from '../domains/notifications/index.ts';
import { findOrderById, moveOrder } from '../domains/orders/index.ts';
import { findOrg, ORG_NOT_FOUND } from '../domains/organizations/index.ts';
import { PAYMENT_RECEIVED, recordOrderPayment } from '../domains/payments/index.ts';
import type { StaffIdentity } from '../domains/staff/index.ts';

/*
 * 登记回款 (docs/contract-prices-credit.md section 4): a payment finance received settles an
 * organization's credit orders. One transaction stores the settlement (credit), moves each order
 * to paid through the state machine's settle-credit, guarded by `settled_at is null` (orders),
 * records each order's payment (payments), the settled orders, the audit row and the buyer's
 * message. Of two settlements of one order at once the second finds it settled and changes
 * nothing.
 */

const NOT_CREDIT_ORDER = '所选订单不是该单位的月结订单';
const CANCELLED_ORDER = '所选订单中有已取消的订单';

interface CreditOrder {
  id: number;
  number: string;
  amount: number | null;
  status: number;
  settledAt: number | null;
}

/** Why the orders cannot be settled together, or null when they can. */
function unsettleable(orders: readonly CreditOrder[]): string | null {
  if (orders.some((o) => o.settledAt !== null)) return MSG_ALREADY_SETTLED;
  if (orders.some((o) => o.status === OrderStatus.CANCELLED)) return CANCELLED_ORDER;
  return null;
}

/**
 * Settles the organization's credit orders (read in ascending id) with a payment of `amount`
 * fen inside the caller's transaction: the amount must be what they owe. Answers the
 * settlement's id.
 */
async function settleIn(
  trx: Db,
  staff: StaffIdentity,
  orgId: number,
  orders: readonly CreditOrder[],
  p: { amount: number; reference: string; at: number },
): Promise<number> {
  const refused = unsettleable(orders);
  if (refused) throw badRequest(refused);
  const owed = orders.reduce((sum, o) => sum + (o.amount ?? 0), 0);
  if (p.amount !== owed) throw badRequest(MSG_SETTLEMENT_AMOUNT);
  const id = await recordSettlement(trx, { orgId, ...p, staffId: staff.id });
  // Each order moves first (ascending id, so two settlements never wait on each other in a
  // circle); the one that finds an order settled already rolls everything back.
  for (const o of orders) {
    const moved = await moveOrder(trx, o.id, 'settle-credit', {
      by: 'staff',
      set: { settledAt: p.at, settlementId: id, paidAt: p.at, updatedAt: p.at },
      guard: { payType: PayType.CREDIT, unsettled: true, amount: o.amount },
    });
    if (!moved) throw badRequest(MSG_ALREADY_SETTLED);
  }
  const settled = orders.map((o) => ({ id: o.id, amount: o.amount ?? 0 }));
  await recordSettledOrders(trx, id, settled);
  for (const o of settled) {
    await recordOrderPayment(trx, {
      orderId: o.id,
      kind: PAYMENT_RECEIVED,
      payType: PayType.CREDIT,
      amount: o.amount,
      reference: p.reference,
      staffId: staff.id,
      createdAt: p.at,
      bankTransferId: null,
    });
    await notify(trx, 'payment-received', { orderId: o.id });
  }
  await recordAudit(trx, {
    staffId: staff.id,
    action: 'org.settlement',
    target: `org:${orgId}`,
    before: null,
    after: {
      settlementId: id,
      amount: toYuan(p.amount),
      reference: p.reference,
      orders: orders.map((o) => o.number),
    },
  });
  return id;
}

/** POST /manage/v1/orgs/{id}/settlements: finance settles the named credit orders at once. */
export async function settleCredit(
  db: Db,
  staff: StaffIdentity,
  orgId: number,
  input: z.output<typeof settlementBody>,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    if (!(await findOrg(trx, orgId))) throw notFound(ORG_NOT_FOUND);
    const orders = await creditOrdersByIds(trx, orgId, input.orderIds);
    if (orders.length !== input.orderIds.length) throw badRequest(NOT_CREDIT_ORDER);
    const id = await settleIn(trx, staff, orgId, orders, {
      amount: toFen(input.amount),
      reference: input.reference,
      at: now(),
    });
    return { id };
  });
}

/**
 * Settles one credit order by its own amount inside the caller's transaction (a bank statement
 * row confirmed against it, docs/contract-prices-credit.md section 5). Refuses an order that is
 * not a credit order of an organization, or is settled or cancelled. Answers the settlement's id.
 */
export async function settleCreditOrder(
  trx: Db,
  staff: StaffIdentity,
  orderId: number,
  reference: string,
): Promise<number> {
  const o = await findOrderById(trx, orderId);
  if (!o || o.orgId === null || o.payType !== PayType.CREDIT) throw badRequest(NOT_CREDIT_ORDER);
  return settleIn(trx, staff, o.orgId, [o], { amount: o.amount ?? 0, reference, at: now() });
}
