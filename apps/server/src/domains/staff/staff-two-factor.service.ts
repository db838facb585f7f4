import { STAFF_SECURITY_MSG } from '@labshop/shared';
import type { StaffSecurity, StaffTwoFactorSetup } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { reserveAttempts } from '../../lib/rate-limit.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './staff.repository.ts';
import {
  enrolmentOf,
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpStep,
} from './staff-security.ts';
import { spendCode, type StaffIdentity, type StaffSession } from './staff.service.ts';
import {
  CODE_FAILURES,
  STAFF_NOT_FOUND,
  mustEnrolTwoFactor,
  rateKey,
  type TwoFactorPolicy,
} from './staff.rules.ts';

/**
 * A staff member's own two-factor login: its state, enrolment, turning it on and off; and an
 * admin's reset of someone else's, for a lost phone.
 */

/** The logged-in staff member's two-factor state. */
export async function twoFactorState(
  db: Db,
  session: StaffSession,
  policy: TwoFactorPolicy,
): Promise<StaffSecurity> {
  const enabled = session.twoFactorEnabled;
  return {
    twoFactorEnabled: enabled,
    twoFactorRequired: mustEnrolTwoFactor(policy, session.staff.roles, false),
    recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(db, session.staff.id) : 0,
  };
}

/** Makes a new secret to scan; it is used only once a code from it is confirmed. */
export async function setupTwoFactor(db: Db, session: StaffSession): Promise<StaffTwoFactorSetup> {
  if (session.twoFactorEnabled) throw badRequest(STAFF_SECURITY_MSG.twoFactorOn);
  const secret = newTotpSecret();
  await repo.setPendingTotpSecret(db, session.staff.id, secret, now());
  return enrolmentOf(secret, session.staff.account);
}

/**
 * Confirms the secret being set up with a code from the app and turns two-factor login on; the
 * ten recovery codes are answered this once and kept only hashed.
 */
export async function enableTwoFactor(
  db: Db,
  session: StaffSession,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const staffId = session.staff.id;
  const staff = await repo.findStaffById(db, staffId);
  if (!staff) throw notFound(STAFF_NOT_FOUND);
  if (staff.totpSecret !== null) throw badRequest(STAFF_SECURITY_MSG.twoFactorOn);
  const secret = staff.totpPendingSecret;
  if (secret === null) throw badRequest(STAFF_SECURITY_MSG.setupFirst);
  const attempts = await reserveAttempts(db, [[rateKey.codes(staffId), CODE_FAILURES]]);
  const step = isTotpCode(code) ? totpStep(secret, staff.account, code, now()) : null;
  if (step === null) throw badRequest(STAFF_SECURITY_MSG.codeWrong);
  await attempts.release();
  const recoveryCodes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    const t = now();
    if (!(await repo.enableTotp(trx, staffId, secret, step, t))) {
      throw badRequest(STAFF_SECURITY_MSG.setupFirst);
    }
    await repo.replaceRecoveryCodes(
      trx,
      staffId,
      recoveryCodes.map((c) => recoveryCodeHash(staffId, c)),
      t,
    );
    await recordAudit(trx, { staffId, action: 'staff.2fa.enable', target: `staff:${staffId}` });
  });
  return { recoveryCodes };
}

/**
 * Turns two-factor login off with a code from the app or a recovery code; refused where
 * STAFF_2FA=required covers the account's roles.
 */
export async function disableTwoFactor(
  db: Db,
  session: StaffSession,
  code: string,
  policy: TwoFactorPolicy,
): Promise<void> {
  const staffId = session.staff.id;
  const staff = await repo.findStaffById(db, staffId);
  if (!staff) throw notFound(STAFF_NOT_FOUND);
  if (staff.totpSecret === null) throw badRequest(STAFF_SECURITY_MSG.twoFactorOff);
  if (mustEnrolTwoFactor(policy, session.staff.roles, false)) {
    throw badRequest('您的角色必须使用两步验证，不能停用');
  }
  const attempts = await reserveAttempts(db, [[rateKey.codes(staffId), CODE_FAILURES]]);
  if (!(await spendCode(db, staff, code))) throw badRequest(STAFF_SECURITY_MSG.codeWrong);
  await attempts.release();
  await db.transaction().execute(async (trx) => {
    await repo.disableTotp(trx, staffId, now());
    await recordAudit(trx, { staffId, action: 'staff.2fa.disable', target: `staff:${staffId}` });
  });
}

/**
 * An admin turns off another staff member's two-factor login (a lost or replaced phone): the
 * secret and recovery codes go and every session of theirs ends, so whoever holds the old
 * device or a stolen session is out. They log in with their password and enrol again (at once
 * where STAFF_2FA=required covers their roles). One's own goes through the own screen, with a code.
 */
export async function resetTwoFactor(db: Db, actor: StaffIdentity, id: number): Promise<void> {
  if (id === actor.id) throw badRequest('请在「两步验证」页面用验证码停用自己的两步验证');
  await db.transaction().execute(async (trx) => {
    const target = await repo.findStaffById(trx, id);
    if (!target) throw notFound(STAFF_NOT_FOUND);
    if (target.totpSecret === null) throw badRequest(STAFF_SECURITY_MSG.twoFactorOff);
    const t = now();
    await repo.disableTotp(trx, id, t);
    await repo.revokeSessionsOfStaff(trx, id, t);
    await recordAudit(trx, { staffId: actor.id, action: 'staff.2fa.reset', target: `staff:${id}` });
  });
}
