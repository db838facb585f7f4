import { CodeScene, isEmail, ResultCode } from '@labshop/shared';
import type { LoginResult } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { checkPassword, hashPassword, verifyPassword } from '../../lib/password.ts';
import { clearEvents, reserveAttempts } from '../../lib/rate-limit.ts';
import { issueToken, revokeAllSessions, revokeOtherSessions } from '../session/index.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_IP,
  LOGIN_FAILURES_PER_IP,
  PASSWORD_CHANGE_FAILURES,
  rateKey,
} from './account.rules.ts';
import * as invoices from './invoice.repository.ts';
import { assertMemberPassword } from './passwords.ts';
import * as users from './user.repository.ts';
import {
  ACCOUNT_EXISTS,
  ACCOUNT_UNKNOWN,
  accountExists,
  consumeCode,
} from './verification.service.ts';

export const LOGIN_FAILED = '账号或密码错误';
export const OLD_PASSWORD_WRONG = '原密码错误';
/** Staff disabled the account (console). */
export const ACCOUNT_DISABLED = '账号已停用，请联系客服';

/** A valid token whose member no longer exists: the client clears its session silently. */
export const sessionCleared = () =>
  new AppError(401, ResultCode.SESSION_CLEARED, '登录状态已失效，请重新登录');

// Unknown accounts still pay for one scrypt run, so timing does not tell which accounts exist.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

/** The member that an identifier names; an account match wins over a phone or email match. */
async function findByIdentifier(db: Db, identifier: string): Promise<users.UserRow | undefined> {
  const rows = await users.findUsersByIdentifiers(db, [identifier]);
  return rows.find((u) => u.account === identifier) ?? rows[0];
}

async function loginResult(db: Db, user: users.UserRow): Promise<LoginResult> {
  const { token, exp } = await issueToken(db, user.id);
  return { token, exp, name: user.name, account: user.account };
}

/**
 * Password login. A failure counts against the account from this address, the account from any
 * address and the address; a success withdraws its own attempt and forgets the failures of this
 * account from this address only, so failures an attacker left from elsewhere still count.
 */
export async function loginWithPassword(
  db: Db,
  req: { account: string; password: string; ip: string },
): Promise<LoginResult> {
  const attempts = await reserveAttempts(db, [
    [rateKey.loginAccountIp(req.account, req.ip), LOGIN_FAILURES_PER_ACCOUNT_IP],
    [rateKey.loginAccount(req.account), LOGIN_FAILURES_PER_ACCOUNT],
    [rateKey.loginIp(req.ip), LOGIN_FAILURES_PER_IP],
  ]);
  const user = await findByIdentifier(db, req.account);
  const check = await checkPassword(req.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !check.ok) throw badRequest(LOGIN_FAILED);
  if (user.disabled) throw badRequest(ACCOUNT_DISABLED);
  await attempts.release();
  await clearEvents(db, rateKey.loginAccountIp(req.account, req.ip));
  // Hashes made with older cost settings are replaced while the password is at hand.
  if (check.outdated) await users.updatePasswordHash(db, user.id, await hashPassword(req.password));
  return loginResult(db, user);
}

/** Register and forgot password spend attempts like a login, per address and account+address. */
const codeFormAttempts = (db: Db, account: string, ip: string) =>
  reserveAttempts(db, [
    [rateKey.loginAccountIp(account, ip), LOGIN_FAILURES_PER_ACCOUNT_IP],
    [rateKey.loginIp(ip), LOGIN_FAILURES_PER_IP],
  ]);

/**
 * Phone + code login. Wrong codes count against the IP only: each code already dies after
 * 5 wrong tries, and a typo must not lock the member out of password login.
 */
export async function loginWithCode(
  db: Db,
  req: { phone: string; code: string; ip: string },
): Promise<LoginResult> {
  const attempts = await reserveAttempts(db, [[rateKey.loginIp(req.ip), LOGIN_FAILURES_PER_IP]]);
  await consumeCode(db, { target: req.phone, scene: CodeScene.LOGIN, code: req.code });
  const user = await findByIdentifier(db, req.phone);
  if (!user) throw badRequest(ACCOUNT_UNKNOWN);
  if (user.disabled) throw badRequest(ACCOUNT_DISABLED);
  await attempts.release();
  return loginResult(db, user);
}

/**
 * Registers with a phone or email and logs the new member in. Whether the account exists is told
 * only after a right code, i.e. only to whoever holds that phone or mailbox.
 */
export async function register(
  db: Db,
  req: { account: string; code: string; password: string; ip: string },
): Promise<LoginResult> {
  // Before the code: a weak password must not cost the member the code they were sent.
  assertMemberPassword(req.password, { account: req.account });
  const attempts = await codeFormAttempts(db, req.account, req.ip);
  await consumeCode(db, { target: req.account, scene: CodeScene.REGISTER, code: req.code });
  await attempts.release();
  if (await accountExists(db, req.account)) throw badRequest(ACCOUNT_EXISTS);
  const passwordHash = await hashPassword(req.password);
  const email = isEmail(req.account);
  let user: users.UserRow;
  try {
    const at = now();
    // The member and their invoice record ("no invoice") exist together or not at all.
    user = await db.transaction().execute(async (trx) => {
      const row = await users.insertUser(trx, {
        account: req.account,
        phone: email ? null : req.account,
        email: email ? req.account : null,
        passwordHash,
        at,
      });
      await invoices.insertNoInvoice(trx, row.id, at);
      return row;
    });
  } catch (err) {
    if (users.isUniqueViolation(err)) throw badRequest(ACCOUNT_EXISTS);
    throw err;
  }
  return loginResult(db, user);
}

/**
 * Forgot password: a scene-3 code sets a new password and ends every session. An unknown account
 * is told only after a right code, like register.
 */
export async function resetPassword(
  db: Db,
  req: { account: string; code: string; password: string; ip: string },
): Promise<void> {
  assertMemberPassword(req.password, { account: req.account });
  const attempts = await codeFormAttempts(db, req.account, req.ip);
  await consumeCode(db, { target: req.account, scene: CodeScene.FORGOT_PASSWORD, code: req.code });
  await attempts.release();
  const user = await findByIdentifier(db, req.account);
  if (!user) throw badRequest(ACCOUNT_UNKNOWN);
  // The member's other details only after a right code, so the answer tells nobody else them.
  assertMemberPassword(req.password, user);
  await users.updatePassword(db, user.id, await hashPassword(req.password), now());
  await revokeAllSessions(db, user.id);
  await clearEvents(db, rateKey.loginAccountIp(req.account, req.ip));
}

/** Changes the password of a logged-in member; every other session of theirs ends. */
export async function changePassword(
  db: Db,
  req: { userId: number; sessionId: number; oldPassword: string; password: string },
): Promise<void> {
  const attempts = await reserveAttempts(db, [
    [rateKey.passwordChange(req.userId), PASSWORD_CHANGE_FAILURES],
  ]);
  const user = await users.findUserById(db, req.userId);
  if (!user) throw sessionCleared();
  if (!(await verifyPassword(req.oldPassword, user.passwordHash)))
    throw badRequest(OLD_PASSWORD_WRONG);
  await attempts.release();
  assertMemberPassword(req.password, user);
  const t = now();
  await users.updatePassword(db, user.id, await hashPassword(req.password), t);
  await revokeOtherSessions(db, user.id, req.sessionId, t);
}
