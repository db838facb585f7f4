import type { Db } from '../../db/database.ts';

export async function updateOrderOrg(
  db: Db,
  orderId: number,
  org: { orgId: number; budgetCode: string; approvalStatus: string },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ orgId: org.orgId, budgetCode: org.budgetCode, approvalStatus: org.approvalStatus })
    .where('id', '=', orderId)
    .execute();
}

/** Moves a pending approval to its outcome; false when it was not pending any more. */
export async function settlePendingApproval(
  db: Db,
  orderId: number,
  status: 'approved' | 'rejected',
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ approvalStatus: status, updatedAt: at })
    .where('id', '=', orderId)
    .where('approvalStatus', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The organization columns of an order. */
export async function orderOrgOf(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'userId',
      'orgId',
      'budgetCode',
      'approvalStatus',
      'number',
      'amount',
      'payType',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
}
