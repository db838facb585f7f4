import { createHash, randomBytes } from 'node:crypto';
import {
  ResultCode,
  STAFF_SECURITY_MSG,
  hasPermission,
  type Permission,
  type Role,
  ACTION_PERMISSION,
  type StaffAction,
} from '@labshop/shared';
import type { StaffLoginAnswer, StaffLoginResult } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { checkPassword, hashPassword } from '../../lib/password.ts';
import { clearEvents, reserveAttempts } from '../../lib/rate-limit.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_IP,
  LOGIN_FAILURES_PER_IP,
} from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './staff.repository.ts';
import { isTotpCode, recoveryCodeHash, totpStep } from './staff-security.ts';
import {
  CODE_FAILURES,
  LOGIN_TICKET_MS,
  LOGIN_TICKET_TRIES,
  STAFF_DISABLED,
  STAFF_IDLE_MS,
  STAFF_LOGIN_FAILED,
  STAFF_SESSION_MAX_MS,
  TOUCH_EVERY_MS,
  mustEnrolTwoFactor,
  parseRoles,
  rateKey,
  type TwoFactorPolicy,
} from './staff.rules.ts';

/**
 * Who a staff member is: password login and its two-factor second step, the session a token
 * opens, and the permission check every /manage route makes.
 */

export interface StaffIdentity {
  id: number;
  account: string;
  name: string;
  roles: Role[];
}

/** A staff member's live session, as the staff-auth plugin puts it on the request. */
export interface StaffSession {
  sessionId: number;
  staff: StaffIdentity;
  /** The account logs in with two-factor codes. */
  twoFactorEnabled: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function openSession(
  db: Db,
  staff: repo.StaffRow,
  policy: TwoFactorPolicy,
): Promise<StaffLoginResult> {
  const token = randomBytes(32).toString('base64url');
  const t = now();
  const exp = t + STAFF_IDLE_MS;
  await repo.insertStaffSession(db, {
    staffId: staff.id,
    tokenHash: hashToken(token),
    expiresAt: exp,
    maxUntil: t + STAFF_SESSION_MAX_MS,
    revokedAt: null,
    createdAt: t,
  });
  const roles = parseRoles(staff.roles);
  return {
    token,
    exp,
    name: staff.name,
    account: staff.account,
    roles,
    twoFactorSetupRequired: mustEnrolTwoFactor(policy, roles, staff.totpEnabledAt !== null),
  };
}

let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

/**
 * Password login, limited like members' logins: per account from one address, per account from
 * all addresses and per address; a success forgets only this address's failures for the account.
 * An account with two-factor login gets a ticket for the second step instead of a session.
 */
export async function login(
  db: Db,
  req: { account: string; password: string; ip: string },
  policy: TwoFactorPolicy,
): Promise<StaffLoginAnswer> {
  const account = req.account.trim().toLowerCase();
  const attempts = await reserveAttempts(db, [
    [rateKey.accountIp(account, req.ip), LOGIN_FAILURES_PER_ACCOUNT_IP],
    [rateKey.account(account), LOGIN_FAILURES_PER_ACCOUNT],
    [rateKey.ip(req.ip), LOGIN_FAILURES_PER_IP],
  ]);
  const staff = await repo.findStaffByAccount(db, account);
  const check = await checkPassword(req.password, staff?.passwordHash ?? (await getDummyHash()));
  if (!staff || !check.ok) throw badRequest(STAFF_LOGIN_FAILED);
  if (staff.disabled) throw badRequest(STAFF_DISABLED);
  await attempts.release();
  await clearEvents(db, rateKey.accountIp(account, req.ip));
  if (check.outdated) {
    await repo.updateStaff(db, staff.id, {
      passwordHash: await hashPassword(req.password),
      updatedAt: now(),
    });
  }

  if (staff.totpSecret === null) return openSession(db, staff, policy);
  const ticket = randomBytes(32).toString('base64url');
  const t = now();
  await repo.insertLoginTicket(db, {
    staffId: staff.id,
    ticketHash: hashToken(ticket),
    expiresAt: t + LOGIN_TICKET_MS,
    usedAt: null,
    createdAt: t,
  });
  return { twoFactor: true, ticket, account: staff.account };
}

/**
 * Checks a code of a two-factor account: a six-digit TOTP code (each accepted once, a later one
 * only) or an unused recovery code, which is used up. Answers how it matched, or null.
 */
export async function spendCode(
  db: Db,
  staff: repo.StaffRow,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  if (staff.totpSecret === null) return null;
  const t = now();
  if (isTotpCode(code)) {
    const step = totpStep(staff.totpSecret, staff.account, code, t);
    return step !== null && (await repo.claimTotpStep(db, staff.id, step)) ? 'totp' : null;
  }
  const used = await repo.useRecoveryCode(db, staff.id, recoveryCodeHash(staff.id, code), t);
  return used ? 'recovery' : null;
}

/**
 * The second step of a two-factor login: the ticket from the password step and a code. A ticket
 * is good for five minutes and five wrong codes; wrong codes also count per staff member.
 */
export async function loginWithCode(
  db: Db,
  req: { ticket: string; code: string },
  policy: TwoFactorPolicy,
): Promise<StaffLoginResult> {
  const ticket = await repo.findLoginTicket(db, hashToken(req.ticket));
  const t = now();
  if (
    !ticket ||
    ticket.usedAt !== null ||
    ticket.expiresAt <= t ||
    ticket.failures >= LOGIN_TICKET_TRIES
  ) {
    throw badRequest(STAFF_SECURITY_MSG.ticketExpired);
  }
  const attempts = await reserveAttempts(db, [[rateKey.codes(ticket.staffId), CODE_FAILURES]]);
  const staff = await repo.findStaffById(db, ticket.staffId);
  if (!staff || staff.disabled) throw badRequest(STAFF_DISABLED);
  const matched = await spendCode(db, staff, req.code);
  if (!matched) {
    await repo.countTicketFailure(db, ticket.id);
    throw badRequest(STAFF_SECURITY_MSG.codeWrong);
  }
  await attempts.release();
  if (!(await repo.useLoginTicket(db, ticket.id, t))) {
    throw badRequest(STAFF_SECURITY_MSG.ticketExpired);
  }
  if (matched === 'recovery') {
    await recordAudit(db, {
      staffId: staff.id,
      action: 'staff.2fa.recovery',
      target: `staff:${staff.id}`,
      after: { recoveryCodesLeft: await repo.countUnusedRecoveryCodes(db, staff.id) },
    });
  }
  return openSession(db, staff, policy);
}

/**
 * Who a token belongs to. Missing -> 600; unknown, revoked, a member's token or a disabled
 * staff's -> 601; idle too long or past its hard end -> 602. A live session's idle deadline moves
 * forward.
 */
export async function authenticate(db: Db, token: string | null): Promise<StaffSession> {
  if (!token) throw unauthorized(ResultCode.TOKEN_MISSING, '请先登录');
  const s = await repo.findStaffSession(db, hashToken(token));
  if (!s || s.revokedAt !== null || s.disabled) {
    throw unauthorized(ResultCode.TOKEN_INVALID, '登录状态无效，请重新登录');
  }
  const t = now();
  if (s.expiresAt <= t || s.maxUntil <= t) {
    throw unauthorized(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  }
  const next = Math.min(t + STAFF_IDLE_MS, s.maxUntil);
  if (next - s.expiresAt >= TOUCH_EVERY_MS) await repo.touchStaffSession(db, s.sessionId, next);
  return {
    sessionId: s.sessionId,
    staff: { id: s.id, account: s.account, name: s.name, roles: parseRoles(s.roles) },
    twoFactorEnabled: s.totpEnabledAt !== null,
  };
}

/** Throws 403/603 unless one of the staff's roles grants the permission. */
export function authorize(staff: StaffIdentity, permission: Permission): void {
  if (!hasPermission(staff.roles, permission)) throw forbidden('没有权限');
}

/**
 * Throws 403/603 unless the staff may take the action (`ACTION_PERMISSION`): for a route that
 * does two things owned by different permissions, checked once the order's state says which.
 */
export function authorizeAction(staff: StaffIdentity, action: StaffAction): void {
  authorize(staff, ACTION_PERMISSION[action]);
}

export async function logout(db: Db, session: StaffSession): Promise<void> {
  await repo.revokeStaffSession(db, session.sessionId, now());
}
