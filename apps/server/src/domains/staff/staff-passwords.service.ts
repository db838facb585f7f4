import { STAFF_SECURITY_MSG } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { checkPassword, hashPassword } from '../../lib/password.ts';
import { reserveAttempts } from '../../lib/rate-limit.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './staff.repository.ts';
import { assertStaffPassword } from './staff-security.ts';
import type { StaffIdentity, StaffSession } from './staff.service.ts';
import { OWN_PASSWORD_FAILURES, STAFF_NOT_FOUND, rateKey } from './staff.rules.ts';

/** Staff passwords: an admin's reset and a staff member's change of their own. */

/** Sets a new password; the staff's sessions end so the old password's logins stop. */
export async function resetStaffPassword(
  db: Db,
  actor: StaffIdentity,
  id: number,
  password: string,
): Promise<void> {
  const target = await repo.findStaffById(db, id);
  if (!target) throw notFound(STAFF_NOT_FOUND);
  assertStaffPassword(password, target);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const before = await repo.findStaffById(trx, id);
    if (!before) throw notFound(STAFF_NOT_FOUND);
    const t = now();
    await repo.updateStaff(trx, id, { passwordHash, updatedAt: t });
    await repo.revokeSessionsOfStaff(trx, id, t);
    await recordAudit(trx, { staffId: actor.id, action: 'staff.password', target: `staff:${id}` });
  });
}

/**
 * A staff member changes their own password: the current one first (wrong ones are limited),
 * then the policy. Their other sessions end; the one they are using goes on.
 */
export async function changeOwnPassword(
  db: Db,
  session: StaffSession,
  req: { oldPassword: string; password: string },
): Promise<void> {
  const staffId = session.staff.id;
  const attempts = await reserveAttempts(db, [
    [rateKey.ownPassword(staffId), OWN_PASSWORD_FAILURES],
  ]);
  const staff = await repo.findStaffById(db, staffId);
  if (!staff) throw notFound(STAFF_NOT_FOUND);
  if (!(await checkPassword(req.oldPassword, staff.passwordHash)).ok) {
    throw badRequest(STAFF_SECURITY_MSG.oldPasswordWrong);
  }
  await attempts.release();
  if (req.password === req.oldPassword) throw badRequest(STAFF_SECURITY_MSG.passwordSameAsOld);
  assertStaffPassword(req.password, staff);
  const passwordHash = await hashPassword(req.password);
  await db.transaction().execute(async (trx) => {
    const t = now();
    await repo.updateStaff(trx, staffId, { passwordHash, updatedAt: t });
    await repo.revokeOtherSessionsOfStaff(trx, staffId, session.sessionId, t);
    await recordAudit(trx, {
      staffId,
      action: 'staff.password.change',
      target: `staff:${staffId}`,
    });
  });
}
