import type { Paged } from '@labshop/shared';
import type { ManageOrderDetail, OrderDetail, OrgOrder } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import {
  getOrder,
  getOrderDetail,
  listOrders,
  membersByIds,
  type ApprovalStatus,
  type OrderListInput,
} from '../domains/orders/index.ts';
import { approvalsOf, findOrg, roleOrNotFound } from '../domains/organizations/index.ts';
import { recordedPaymentsOf, refundsOf } from '../domains/payments/index.ts';
import { orderLineShipping } from '../domains/shipping/index.ts';
import { orgPartOf } from './org-order.ts';

/*
 * The two pages of one order that show what two domains keep of it: the order (orders) and
 * what was paid and given back (payments), with its organization, budget and approval
 * (organizations, docs/organizations.md). Put together here, above both, because payments
 * moves orders through the orders face, so orders cannot read payments back.
 */

/**
 * The member's order page (GET /client/v1/user/orders/{id}): the order, its refunds and each
 * line's shipping class and 预计发货 (shipping).
 */
export async function memberOrderPage(db: Db, userId: number, id: number): Promise<OrderDetail> {
  const order = await getOrder(db, userId, id);
  const [refunds, org, lineShipping] = await Promise.all([
    refundsOf(db, order.id),
    orgPartOf(db, order.id),
    orderLineShipping(db, order.id, order.createTime),
  ]);
  return { ...order, ...refunds, ...org, lineShipping };
}

/** The console's order page (GET /manage/v1/orders/{id}): the order, its money, its packages. */
export async function staffOrderPage(db: Db, id: number): Promise<ManageOrderDetail> {
  const { deliveries, history, ...order } = await getOrderDetail(db, id);
  const [payments, refunds, org, lineShipping] = await Promise.all([
    recordedPaymentsOf(db, id),
    refundsOf(db, id),
    orgPartOf(db, id),
    orderLineShipping(db, id, order.createTime),
  ]);
  return { ...order, payments, ...refunds, ...org, lineShipping, deliveries, history };
}

/**
 * An organization's orders (GET /client/v1/orgs/{id}/orders): admins and approvers see every
 * member's, anyone else only their own (docs/organizations.md); a non-member gets 404.
 */
export async function orgOrderPage(
  db: Db,
  orgId: number,
  userId: number,
  q: OrderListInput,
): Promise<Paged<OrgOrder>> {
  const role = await roleOrNotFound(db, orgId, userId);
  const seesAll = role === 'admin' || role === 'approver';
  const page = await listOrders(db, seesAll ? { orgId } : { orgId, userId }, q);
  const ids = page.records.map((o) => o.id);
  const [org, steps, buyers] = await Promise.all([
    findOrg(db, orgId),
    approvalsOf(db, ids),
    membersByIds(db, [...new Set(page.records.map((o) => o.userId))]),
  ]);
  const names = new Map(buyers.map((b) => [b.id, b.name || b.account]));
  return {
    ...page,
    records: page.records.map(({ userId: buyerId, budgetCode, approvalStatus, ...order }) => ({
      ...order,
      buyerId,
      buyerName: names.get(buyerId) ?? '',
      orgId,
      orgName: org?.name ?? '',
      budgetCode,
      approval: { status: approvalStatus as ApprovalStatus, steps: steps.get(order.id) ?? [] },
    })),
  };
}
