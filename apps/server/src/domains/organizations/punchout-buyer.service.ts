import type { Db } from '../../db/database.ts';
import { insertMember } from './organizations.repository.ts';

/**
 * Makes a PunchOut connection's member account a `buyer` of its organization
 * (docs/punchout.md, "Who shops"): the orders its procurement system sends are the
 * organization's, under its rules, approvals and budgets like any buyer's.
 */
export async function addPunchoutBuyer(
  trx: Db,
  orgId: number,
  userId: number,
  at: number,
): Promise<void> {
  await insertMember(trx, { orgId, userId, role: 'buyer', createdAt: at });
}
