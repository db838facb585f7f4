import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CodeScene, isEmail, ResultCode } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { pruneEvents, reserveAttempts } from '../../lib/rate-limit.ts';
import {
  CODE_MAX_ATTEMPTS,
  codeSendsPerIp,
  CODE_SENDS_PER_TARGET,
  CODE_SENDS_PER_TARGET_SCENE,
  CODE_TTL_MS,
  rateKey,
} from './account.rules.ts';
import { ChannelUnavailable, DeliveryError, type CodeDelivery } from './code-delivery/index.ts';
import { findUsersByIdentifiers } from './user.repository.ts';
import { pruneExpiredSessions } from '../session/index.ts';
import * as repo from './verification.repository.ts';

export const CODE_SENT = '验证码已发送';
export const CODE_WRONG = '验证码错误';
export const CODE_DEAD = '验证码已失效，请重新获取';
export const ACCOUNT_EXISTS = '该账号已注册';
export const ACCOUNT_UNKNOWN = '该账号未注册';

function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('base64url');
}

/** Stored as `salt$hash`: the code itself never reaches the database. */
function sealCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${hashCode(code, salt)}`;
}

function codeMatches(code: string, sealed: string): boolean {
  const [salt = '', expected = ''] = sealed.split('$');
  const actual = Buffer.from(hashCode(code, salt));
  const wanted = Buffer.from(expected);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

export async function accountExists(db: Db, identifier: string): Promise<boolean> {
  return (await findUsersByIdentifiers(db, [identifier])).length > 0;
}

/**
 * Sends a code for one scene. Login codes go to phones only (the code login form has no email
 * field). The code goes out whether or not the account exists: register, forgot password and
 * code login say 该账号已注册 / 未注册 only after a right code, so nobody can list accounts by
 * asking for codes; the per-IP and per-target limits bound the cost.
 */
export async function sendCode(
  db: Db,
  delivery: CodeDelivery,
  log: FastifyBaseLogger,
  req: { target: string; scene: number; ip: string; ipSendsPerHour: number },
): Promise<void> {
  const { target, scene } = req;
  if (scene === CodeScene.LOGIN && isEmail(target)) throw badRequest('请使用手机号获取登录验证码');
  await reserveAttempts(db, [[rateKey.codeIp(req.ip), codeSendsPerIp(req.ipSendsPerHour)]]);
  await reserveAttempts(db, [
    [rateKey.codeTargetScene(target, scene), CODE_SENDS_PER_TARGET_SCENE],
    [rateKey.codeTarget(target), CODE_SENDS_PER_TARGET],
  ]);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const t = now();
  await repo.retireCodes(db, target, scene, t);
  const id = await repo.insertCode(db, {
    target,
    scene,
    codeHash: sealCode(code),
    expiresAt: t + CODE_TTL_MS,
    createdAt: t,
  });
  try {
    await delivery.send({ to: target, scene, code });
  } catch (err) {
    // The member never saw this code: it must not stay usable.
    await repo.consume(db, id, now());
    if (err instanceof ChannelUnavailable) {
      log.error({ err, scene }, 'verification code refused: no channel configured');
      const what = err.kind === 'sms' ? '短信' : '邮件';
      throw new AppError(503, ResultCode.ERROR, `暂时无法发送${what}验证码，请联系客服`);
    }
    if (!(err instanceof DeliveryError)) throw err;
    log.error({ err, cause: err.cause, scene }, 'verification code delivery failed');
    const msg = err.kind === 'sms' ? '短信发送失败，请稍后重试' : '邮件发送失败，请稍后重试';
    throw new AppError(500, ResultCode.ERROR, msg);
  }
}

/**
 * Uses up a code: right code, not expired, not used, fewer than 5 wrong tries. Each check spends
 * one try first, so parallel guesses cannot exceed the limit either.
 */
export async function consumeCode(
  db: Db,
  req: { target: string; scene: number; code: string },
): Promise<void> {
  const live = await repo.findLiveCode(db, req.target, req.scene, now(), CODE_MAX_ATTEMPTS);
  if (!live || !(await repo.takeTry(db, live.id, CODE_MAX_ATTEMPTS))) throw badRequest(CODE_DEAD);
  if (!codeMatches(req.code, live.codeHash)) throw badRequest(CODE_WRONG);
  if (!(await repo.consume(db, live.id, now()))) throw badRequest(CODE_DEAD);
}

/** Forgets expired codes, dead sessions and day-old rate events so the tables stay small. */
export async function pruneVerificationData(db: Db): Promise<void> {
  const t = now();
  await repo.pruneExpiredCodes(db, t);
  await pruneExpiredSessions(db, t);
  await pruneEvents(db);
}
