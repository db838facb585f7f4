import { PayType } from '@labshop/shared';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { returnForOrder } from '../domains/compliance/index.ts';
import { notify } from '../domains/notifications/index.ts';
import { moveOrder, mustMoveOrder, orderOrgOf, settleApproval } from '../domains/orders/index.ts';
import { decideStep, roleOrNotFound } from '../domains/organizations/index.ts';
import { paidOrdersChanged } from '../domains/stock/index.ts';

/*
 * Deciding an organization's order (docs/organizations.md, "Approving"): one transaction decides
 * the caller's step (organizations, one guarded statement, so of two deciders at once one wins),
 * settles the order's approval once every step approved (orders), or on a rejection cancels the
 * order through its life cycle's cancel, gives its quantities back to the documents
 * (compliance) and so its amount back to the budget (whose used is its orders not cancelled),
 * and tells the buyer (notifications).
 */

const DECIDED_ALREADY = '该订单已审批，请刷新后查看';

export async function decideApproval(
  db: Db,
  orgId: number,
  orderId: number,
  userId: number,
  input: { approve: boolean; remark: string },
): Promise<void> {
  await roleOrNotFound(db, orgId, userId);
  await db.transaction().execute(async (trx) => {
    const order = await orderOrgOf(trx, orderId);
    if (!order || order.orgId !== orgId) throw notFound('订单不存在');
    if (order.approvalStatus !== 'pending') throw badRequest(DECIDED_ALREADY);
    const at = now();
    const outcome = await decideStep(trx, {
      orgId,
      orderId,
      buyerId: order.userId,
      userId,
      approve: input.approve,
      remark: input.remark,
      at,
    });
    const told = { userId: order.userId, orderNumber: order.number, remark: input.remark };
    const link = `/user/orders/${orderId}`;
    if (outcome === 'pending') {
      await notify(trx, 'approval-decided', {
        ...told,
        result: '一项审批已通过，等待其余审批',
        link,
      });
      return;
    }
    if (!(await settleApproval(trx, orderId, outcome, at))) throw badRequest(DECIDED_ALREADY);
    if (outcome === 'approved') {
      // A credit order waits for no payment: approved, it is ready to ship (docs/orders.md).
      const credit = order.payType === PayType.CREDIT;
      if (credit) {
        await mustMoveOrder(trx, orderId, 'credit-approved', {
          by: 'member',
          set: { updatedAt: at },
          guard: { payType: PayType.CREDIT },
        });
        // At 待发货 it holds its stock (docs/catalogue.md, "Held stock").
        await paidOrdersChanged(trx);
      }
      const result = credit ? '审批已通过，订单将按月结发货' : '审批已通过，可以付款';
      await notify(trx, 'approval-decided', { ...told, result, link });
      return;
    }
    const cancelled = await moveOrder(trx, orderId, 'member-cancel', {
      by: 'member',
      set: { cancelReason: input.remark || '审批未通过', cancelledAt: at, updatedAt: at },
    });
    if (!cancelled) throw badRequest(DECIDED_ALREADY);
    await returnForOrder(trx, orderId, at);
    await notify(trx, 'approval-decided', { ...told, result: '审批未通过，订单已取消', link });
  });
}
