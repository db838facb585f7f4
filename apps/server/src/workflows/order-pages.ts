import type { ManageOrderDetail, OrderDetail } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import { getOrder, getOrderDetail } from '../domains/orders/index.ts';
import { recordedPaymentsOf, refundsOf } from '../domains/payments/index.ts';
import { orgPartOf } from './org-order.ts';

/*
 * The two pages of one order that show what two domains keep of it: the order (orders) and
 * what was paid and given back (payments), with its organization, budget and approval
 * (organizations, docs/organizations.md). Put together here, above both, because payments
 * moves orders through the orders face, so orders cannot read payments back.
 */

/** The member's order page (GET /client/v1/user/orders/{id}): the order and its refunds. */
export async function memberOrderPage(db: Db, userId: number, id: number): Promise<OrderDetail> {
  const order = await getOrder(db, userId, id);
  const [refunds, org] = await Promise.all([refundsOf(db, order.id), orgPartOf(db, order.id)]);
  return { ...order, ...refunds, ...org };
}

/** The console's order page (GET /manage/v1/orders/{id}): the order, its money, its packages. */
export async function staffOrderPage(db: Db, id: number): Promise<ManageOrderDetail> {
  const { deliveries, history, ...order } = await getOrderDetail(db, id);
  const [payments, refunds, org] = await Promise.all([
    recordedPaymentsOf(db, id),
    refundsOf(db, id),
    orgPartOf(db, id),
  ]);
  return { ...order, payments, ...refunds, ...org, deliveries, history };
}
