import type { FastifyBaseLogger } from 'fastify';
import { CodeScene, isEmail } from '@labshop/shared';
import type { UserInfo } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { reserveAttempts } from '../../lib/rate-limit.ts';
import { CONTACT_CHANGE_FAILURES, LOGIN_FAILURES_PER_IP, rateKey } from './account.rules.ts';
import { sessionCleared } from './account.service.ts';
import type { CodeDelivery } from './code-delivery/index.ts';
import * as users from './user.repository.ts';
import { EMAIL_TAKEN, getUserInfo, PHONE_TAKEN } from './user.service.ts';
import { consumeCode, sendCode } from './verification.service.ts';

export const SAME_PHONE = '新手机号与当前手机号相同';
export const SAME_EMAIL = '新邮箱与当前邮箱相同';

/** Which login contact a new phone or email replaces. */
const kindOf = (contact: string) => (isEmail(contact) ? 'email' : 'phone');

/**
 * Sends a code to the member's new login phone or email (docs/product-rules.md section 5). It goes
 * out whether or not another member holds the address: that is told only after a right code, so
 * nobody lists accounts by asking for codes. The usual per-IP and per-target limits apply.
 */
export async function sendContactCode(
  db: Db,
  delivery: CodeDelivery,
  log: FastifyBaseLogger,
  req: { userId: number; contact: string; ip: string; ipSendsPerHour: number },
): Promise<void> {
  const user = await users.findUserById(db, req.userId);
  if (!user) throw sessionCleared();
  const kind = kindOf(req.contact);
  if (user[kind] === req.contact) throw badRequest(kind === 'email' ? SAME_EMAIL : SAME_PHONE);
  await sendCode(db, delivery, log, {
    target: req.contact,
    scene: CodeScene.CHANGE_CONTACT,
    ip: req.ip,
    ipSendsPerHour: req.ipSendsPerHour,
  });
}

/**
 * Makes a new phone or email the member's login contact once its code is right. The old one stops
 * logging in: an account equal to the replaced contact (the one registered with) moves along.
 * Wrong codes count per member and per IP like a login; a contact held by another member is told
 * only to whoever received the code.
 */
export async function changeContact(
  db: Db,
  req: { userId: number; contact: string; code: string; ip: string },
): Promise<UserInfo> {
  const attempts = await reserveAttempts(db, [
    [rateKey.contactChange(req.userId), CONTACT_CHANGE_FAILURES],
    [rateKey.loginIp(req.ip), LOGIN_FAILURES_PER_IP],
  ]);
  await consumeCode(db, { target: req.contact, scene: CodeScene.CHANGE_CONTACT, code: req.code });
  await attempts.release();

  const user = await users.findUserById(db, req.userId);
  if (!user) throw sessionCleared();
  const kind = kindOf(req.contact);
  const taken = kind === 'email' ? EMAIL_TAKEN : PHONE_TAKEN;
  const others = await users.findUsersByIdentifiers(db, [req.contact]);
  if (others.some((u) => u.id !== user.id)) throw badRequest(taken);

  const old = user[kind];
  const moveAccount = old !== null && user.account === old;
  try {
    await users.updateLoginContact(
      db,
      user.id,
      { [kind]: req.contact, ...(moveAccount ? { account: req.contact } : {}) },
      now(),
    );
  } catch (err) {
    if (users.isUniqueViolation(err)) throw badRequest(taken);
    throw err;
  }
  return getUserInfo(db, user.id);
}
