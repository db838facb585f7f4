import { createHash, randomBytes } from 'node:crypto';
import {
  hasPermission,
  isRole,
  ResultCode,
  STAFF_SECURITY_MSG,
  TWO_FACTOR_ROLES,
  type Paged,
  type Permission,
  type Role,
} from '@labshop/shared';
import type {
  StaffLoginAnswer,
  StaffLoginResult,
  StaffRecord,
  StaffSecurity,
  StaffTwoFactorSetup,
} from '@labshop/shared/schemas';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { checkPassword, hashPassword } from '../../lib/password.ts';
import { clearEvents, reserveAttempts, type Window } from '../../lib/rate-limit.ts';
import * as settings from '../../lib/settings.repository.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_IP,
  LOGIN_FAILURES_PER_IP,
} from '../account/account.rules.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as repo from './staff.repository.ts';
import {
  assertStaffPassword,
  enrolmentOf,
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpStep,
} from './staff-security.ts';

/** A staff session ends after this long without a request... */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** ...and in any case this long after login. */
const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** The idle deadline is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;
/** The second step of a two-factor login must follow the password within this long... */
const LOGIN_TICKET_MS = 5 * 60 * 1000;
/** ...with at most this many wrong codes. */
const LOGIN_TICKET_TRIES = 5;
/** Wrong codes per staff member, at login or when turning two-factor login off. */
const CODE_FAILURES: Window[] = [{ ms: 15 * 60 * 1000, max: 10 }];
/** Wrong current passwords on the own-password form per staff member. */
const OWN_PASSWORD_FAILURES: Window[] = [{ ms: 15 * 60 * 1000, max: 5 }];

type TwoFactorPolicy = Config['staffTwoFactor'];

const STAFF_LOGIN_FAILED = '账号或密码错误';
const STAFF_DISABLED = '账号已停用';
const STAFF_NOT_FOUND = '员工不存在';
const STAFF_EXISTS = '账号已存在';

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

const parseRoles = (text: string): Role[] =>
  text
    .split(',')
    .map((r) => r.trim())
    .filter(isRole);

const rateKey = {
  accountIp: (account: string, ip: string) => `staff-login:account-ip:${account}:${ip}`,
  account: (account: string) => `staff-login:account:${account}`,
  ip: (ip: string) => `staff-login:ip:${ip}`,
  codes: (staffId: number) => `staff-2fa:staff:${staffId}`,
  ownPassword: (staffId: number) => `staff-password:staff:${staffId}`,
};

/** STAFF_2FA=required covers the account and it has no two-factor login yet. */
export function mustEnrolTwoFactor(
  policy: TwoFactorPolicy,
  roles: readonly string[],
  twoFactorEnabled: boolean,
): boolean {
  return (
    policy === 'required' && !twoFactorEnabled && roles.some((r) => TWO_FACTOR_ROLES.includes(r))
  );
}

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
async function spendCode(
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

export async function logout(db: Db, session: StaffSession): Promise<void> {
  await repo.revokeStaffSession(db, session.sessionId, now());
}

const toRecord = (r: repo.StaffRow): StaffRecord => ({
  id: r.id,
  account: r.account,
  name: r.name,
  roles: parseRoles(r.roles),
  disabled: r.disabled === 1,
  createTime: r.createdAt,
});

const auditView = (r: repo.StaffRow) => ({
  account: r.account,
  name: r.name,
  roles: r.roles,
  disabled: r.disabled,
});

export async function listStaff(
  db: Db,
  q: { key: string; page: number; size: number },
): Promise<Paged<StaffRecord>> {
  const { rows, total } = await repo.pageStaff(db, q.key, q);
  return { records: rows.map(toRecord), current: q.page, size: q.size, total };
}

/** Active staff to assign inbox items to. */
export async function staffOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return (await repo.activeStaff(db)).map((s) => ({ id: s.id, name: s.name || s.account }));
}

export async function createStaff(
  db: Db,
  actor: StaffIdentity,
  input: { account: string; name: string; roles: Role[]; password: string },
): Promise<{ id: number }> {
  const account = input.account.toLowerCase();
  assertStaffPassword(input.password, account);
  const passwordHash = await hashPassword(input.password);
  const t = now();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = {
        account,
        name: input.name,
        roles: [...new Set(input.roles)].join(','),
        disabled: 0,
      };
      const id = await repo.insertStaff(trx, { ...row, passwordHash, createdAt: t, updatedAt: t });
      await recordAudit(trx, {
        staffId: actor.id,
        action: 'staff.create',
        target: `staff:${id}`,
        after: row,
      });
      return { id };
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw badRequest(STAFF_EXISTS);
    throw err;
  }
}

/** Changes name, roles or the disabled flag; disabling ends the staff's sessions at once. */
export async function updateStaff(
  db: Db,
  actor: StaffIdentity,
  id: number,
  input: { name: string; roles: Role[]; disabled: boolean },
): Promise<void> {
  if (id === actor.id && (input.disabled || !input.roles.includes('admin'))) {
    throw badRequest('不能停用自己或取消自己的管理员角色');
  }
  await db.transaction().execute(async (trx) => {
    const before = await repo.findStaffById(trx, id);
    if (!before) throw notFound(STAFF_NOT_FOUND);
    const t = now();
    const set = {
      name: input.name,
      roles: [...new Set(input.roles)].join(','),
      disabled: input.disabled ? 1 : 0,
    };
    await repo.updateStaff(trx, id, { ...set, updatedAt: t });
    if (input.disabled) await repo.revokeSessionsOfStaff(trx, id, t);
    await recordAudit(trx, {
      staffId: actor.id,
      action: 'staff.update',
      target: `staff:${id}`,
      before: auditView(before),
      after: { account: before.account, ...set },
    });
  });
}

/** Sets a new password; the staff's sessions end so the old password's logins stop. */
export async function resetStaffPassword(
  db: Db,
  actor: StaffIdentity,
  id: number,
  password: string,
): Promise<void> {
  const target = await repo.findStaffById(db, id);
  if (!target) throw notFound(STAFF_NOT_FOUND);
  assertStaffPassword(password, target.account);
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
  assertStaffPassword(req.password, staff.account);
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

/** Demo staff accounts (docs/console.md, "Staff, roles and sessions"), inserted with the demo data only. */
const DEMO_STAFF: ReadonlyArray<{
  account: string;
  name: string;
  password: string;
  roles: Role[];
}> = [
  {
    account: 'admin',
    name: '管理员',
    password: 'Admin#123456',
    roles: ['admin', 'operator', 'warehouse', 'finance'],
  },
  { account: 'operator', name: '运营专员', password: 'Oper#123456', roles: ['operator'] },
  { account: 'warehouse', name: '仓库管理员', password: 'Ware#123456', roles: ['warehouse'] },
  { account: 'finance', name: '财务专员', password: 'Fin#123456', roles: ['finance'] },
  { account: 'compliance', name: '合规专员', password: 'Comp#123456', roles: ['compliance'] },
];

/**
 * Adds the demo staff to a demo database, once: the 'seed_staff' setting is claimed in the same
 * transaction, so a second call or a second instance changes nothing. Databases seeded before
 * the console existed get them on their next start.
 */
const DEMO_STAFF_MARKER = 'seed_staff';

/**
 * Demo staff added after the first ones, each batch under its own marker so databases seeded
 * earlier get them once too (the compliance officer: docs/compliance.md).
 */
const LATER_DEMO_STAFF: Record<string, readonly string[]> = {
  seed_staff_compliance: ['compliance'],
};
const later = new Set(Object.values(LATER_DEMO_STAFF).flat());

export async function seedDemoStaff(db: Db): Promise<void> {
  const batches: Array<[string, typeof DEMO_STAFF]> = [
    [DEMO_STAFF_MARKER, DEMO_STAFF.filter((s) => !later.has(s.account))],
    ...Object.entries(LATER_DEMO_STAFF).map(([marker, accounts]): [string, typeof DEMO_STAFF] => [
      marker,
      DEMO_STAFF.filter((s) => accounts.includes(s.account)),
    ]),
  ];
  for (const [marker, staff] of batches) {
    if ((await settings.readSetting(db, marker)) !== undefined) continue;
    const t = now();
    const rows = await Promise.all(
      staff.map(async (s) => ({
        account: s.account,
        name: s.name,
        roles: s.roles.join(','),
        passwordHash: await hashPassword(s.password),
        disabled: 0,
        createdAt: t,
        updatedAt: t,
      })),
    );
    await db.transaction().execute(async (trx) => {
      if (!(await settings.claimSetting(trx, marker, JSON.stringify({ at: t })))) return;
      // An account of the same name made by staff in the meantime is left as it is.
      const taken = new Set(
        (
          await repo.staffByAccounts(
            trx,
            rows.map((r) => r.account),
          )
        ).map((r) => r.account),
      );
      const fresh = rows.filter((r) => !taken.has(r.account));
      if (fresh.length > 0) await repo.insertStaffRows(trx, fresh);
    });
  }
}
