import { createHash, randomInt } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { STAFF_SECURITY_MSG, staffPasswordProblem } from '@labshop/shared';
import { badRequest } from '../../lib/errors.ts';
import { passwordWeakness } from '../../lib/password-strength.ts';
import { STAFF_PASSWORD_MIN_SCORE } from './staff.rules.ts';

/**
 * The staff password policy and the pieces of two-factor login (docs/console.md, "Staff
 * passwords" and "Two-factor login"): TOTP of RFC 6238 (SHA-1, six digits, 30 seconds, what every
 * authenticator app reads) and one-time recovery codes.
 */

/**
 * The common-password list of zxcvbn-ts (MIT): about 49,000 passwords most seen in breaches,
 * lower case. Made into a set on first use, not at start.
 */
let commonPasswords: Set<string> | null = null;
const isCommon = (password: string) =>
  (commonPasswords ??= new Set(dictionary['passwords-common'])).has(password.toLowerCase());

/**
 * Throws a 400 naming the first rule a new staff password breaks: length and the account name
 * (staffPasswordProblem), the common-password list, then the strength estimator, which must score
 * it at least STAFF_PASSWORD_MIN_SCORE with the account and name as likely words.
 */
export function assertStaffPassword(
  password: string,
  staff: { account: string; name: string },
): void {
  const problem = staffPasswordProblem(password, staff.account);
  if (problem) throw badRequest(problem);
  if (isCommon(password)) throw badRequest(STAFF_SECURITY_MSG.passwordCommon);
  const weakness = passwordWeakness(password, {
    minScore: STAFF_PASSWORD_MIN_SCORE,
    containsPersonal: [staff.account],
    personal: [staff.account, staff.name],
  });
  if (weakness) throw badRequest(weakness);
}

/** Shown by the authenticator app above the account name. */
const ISSUER = '标准物质商城';
const PERIOD_S = 30;
/** Codes of the step before and after are accepted too, for clocks a little off. */
const WINDOW = 1;

const totpOf = (secret: string, account: string) =>
  new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What the enrolment screen shows: the secret, its otpauth:// URI and that URI as a QR code. */
export async function enrolmentOf(secret: string, account: string) {
  const uri = totpOf(secret, account).toString();
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** A six-digit code typed with or without a space in the middle. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The 30-second step the code belongs to, or null when it matches none near `at`. */
export function totpStep(secret: string, account: string, code: string, at: number): number | null {
  const token = code.replace(/\s/g, '');
  const delta = totpOf(secret, account).validate({ token, timestamp: at, window: WINDOW });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD_S) + delta;
}

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another when read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (about 49 bits each), written xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * How a recovery code is stored: SHA-256 of the staff id and the code without case, spaces or
 * hyphens. The codes are random and long, so a fast hash is enough, and a login can look one up.
 */
export const recoveryCodeHash = (staffId: number, code: string): string =>
  createHash('sha256')
    .update(`${staffId}:${code.toLowerCase().replace(/[\s-]/g, '')}`)
    .digest('hex');
