import { TWO_FACTOR_ROLES, isRole, type Role } from '@labshop/shared';
import type { Config } from '../../config.ts';
import type { Window } from '../../lib/rate-limit.ts';

/**
 * What the staff's login, sessions, passwords and two-factor login share: their time limits,
 * the rate-limit keys and windows, the messages and the two-factor policy (docs/console.md).
 */

/** A staff session ends after this long without a request... */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** ...and in any case this long after login. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** The idle deadline is written at most once a minute per session, not on every request. */
export const TOUCH_EVERY_MS = 60 * 1000;
/** The second step of a two-factor login must follow the password within this long... */
export const LOGIN_TICKET_MS = 5 * 60 * 1000;
/** ...with at most this many wrong codes. */
export const LOGIN_TICKET_TRIES = 5;
/** Wrong codes per staff member, at login or when turning two-factor login off. */
export const CODE_FAILURES: Window[] = [{ ms: 15 * 60 * 1000, max: 10 }];
/** Wrong current passwords on the own-password form per staff member. */
export const OWN_PASSWORD_FAILURES: Window[] = [{ ms: 15 * 60 * 1000, max: 5 }];

/**
 * Lowest strength score (zxcvbn-ts, 0-4) of a new staff password: at least 10^8 guesses, a step
 * above members' (account.rules.ts). Staff move money and stock and see every member, so their
 * passwords must hold out longer should the hashes ever leak, not only against online guessing
 * (docs/console.md, "Staff passwords").
 */
export const STAFF_PASSWORD_MIN_SCORE = 3;

export type TwoFactorPolicy = Config['staffTwoFactor'];

export const STAFF_LOGIN_FAILED = '账号或密码错误';
export const STAFF_DISABLED = '账号已停用';
export const STAFF_NOT_FOUND = '员工不存在';
export const STAFF_EXISTS = '账号已存在';

export const parseRoles = (text: string): Role[] =>
  text
    .split(',')
    .map((r) => r.trim())
    .filter(isRole);

export const rateKey = {
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
