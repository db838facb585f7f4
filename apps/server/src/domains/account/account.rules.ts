import type { Window } from '../../lib/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A verification code is good for 5 minutes... */
export const CODE_TTL_MINUTES = 5;
export const CODE_TTL_MS = CODE_TTL_MINUTES * MINUTE;
/** ...and dies after 5 wrong tries (docs/api.md, security rules). */
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Codes sent to one phone or mailbox: 1 a minute per scene (the resend countdown of one form, so
 * binding a new phone does not block logging in with it at once), 5 an hour and 10 a day over all
 * scenes.
 */
export const CODE_SENDS_PER_TARGET_SCENE: Window[] = [{ ms: MINUTE, max: 1 }];
export const CODE_SENDS_PER_TARGET: Window[] = [
  { ms: HOUR, max: 5 },
  { ms: DAY, max: 10 },
];
/**
 * Code requests from one IP address, whatever the target (bounds SMS cost and probing): the
 * hourly figure is configurable (CODE_SENDS_PER_IP_HOUR, default 20) for offices behind one
 * address; a day allows five hours' worth.
 */
export const codeSendsPerIp = (perHour: number): Window[] => [
  { ms: HOUR, max: perHour },
  { ms: DAY, max: perHour * 5 },
];

/**
 * Failed password logins per account from one IP address: 5 in 15 minutes. Locking the pair, not
 * the account, keeps a stranger from locking a member out: the member's own address stays open.
 */
export const LOGIN_FAILURES_PER_ACCOUNT_IP: Window[] = [{ ms: 15 * MINUTE, max: 5 }];
/**
 * Failed password logins per account from all addresses: only guessing spread over many
 * addresses reaches it (one address stops at 20 per 15 minutes), and it lifts within the hour.
 */
export const LOGIN_FAILURES_PER_ACCOUNT: Window[] = [{ ms: HOUR, max: 100 }];
/** Failed logins, registrations and password resets per IP address, whatever the account. */
export const LOGIN_FAILURES_PER_IP: Window[] = [{ ms: 15 * MINUTE, max: 20 }];
/** Wrong old passwords on the password-change form per member. */
export const PASSWORD_CHANGE_FAILURES: Window[] = [{ ms: 15 * MINUTE, max: 5 }];
/** Wrong codes when changing the login phone or email, per member. */
export const CONTACT_CHANGE_FAILURES: Window[] = [{ ms: 15 * MINUTE, max: 5 }];

/**
 * Lowest strength score (zxcvbn-ts, 0-4) of a member's new password: at least 10^6 guesses. Logins
 * are limited (above), so guessing online at 100 tries an hour takes years; a higher bar would turn
 * away the passwords buyers can keep in their heads (docs/api.md, "Passwords").
 */
export const MEMBER_PASSWORD_MIN_SCORE = 2;

/** Most delivery addresses one member keeps. */
export const MAX_ADDRESSES = 50;

export const rateKey = {
  codeTarget: (target: string) => `code:to:${target}`,
  codeTargetScene: (target: string, scene: number) => `code:to:${target}:${scene}`,
  codeIp: (ip: string) => `code:ip:${ip}`,
  loginAccount: (account: string) => `login:account:${account}`,
  loginAccountIp: (account: string, ip: string) => `login:account-ip:${account}:${ip}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  passwordChange: (userId: number) => `password-change:${userId}`,
  contactChange: (userId: number) => `contact-change:${userId}`,
};
