import { createHash, randomBytes } from 'node:crypto';
import { ResultCode } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { unauthorized } from '../../lib/errors.ts';
import * as repo from './session.repository.ts';

/** A token is good for requests this long after it was issued... */
const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** ...and can be exchanged for a new one (PUT /manage/v1/access) this long after. */
const SESSION_RENEWABLE_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedToken {
  token: string;
  exp: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a 256-bit random token; only its hash is stored. */
export async function issueToken(db: Db, userId: number): Promise<IssuedToken> {
  const { token, exp } = await openSession(db, userId);
  return { token, exp };
}

/** issueToken, also naming the session it opened (a PunchOut session is tied to it). */
export async function openSession(
  db: Db,
  userId: number,
): Promise<IssuedToken & { sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const t = now();
  const exp = t + SESSION_TTL_MS;
  const sessionId = await repo.insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: exp,
    renewableUntil: t + SESSION_RENEWABLE_MS,
    createdAt: t,
  });
  return { token, exp, sessionId };
}

/** Reads the token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

export type TokenCheck =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'expired'; sessionId: number; userId: number; renewable: boolean }
  | { kind: 'valid'; sessionId: number; userId: number };

export async function checkToken(db: Db, token: string | null): Promise<TokenCheck> {
  if (!token) return { kind: 'missing' };
  const session = await repo.findSessionByHash(db, hashToken(token));
  if (!session || session.revokedAt !== null) return { kind: 'invalid' };
  const t = now();
  if (session.expiresAt <= t) {
    return {
      kind: 'expired',
      sessionId: session.id,
      userId: session.userId,
      renewable: session.renewableUntil > t,
    };
  }
  return { kind: 'valid', sessionId: session.id, userId: session.userId };
}

/** Maps a failed check to the 401 envelope codes 600 / 601 / 602. */
export function rejectToken(check: Exclude<TokenCheck, { kind: 'valid' }>): never {
  if (check.kind === 'missing') throw unauthorized(ResultCode.TOKEN_MISSING, '请先登录');
  if (check.kind === 'invalid')
    throw unauthorized(ResultCode.TOKEN_INVALID, '登录状态无效，请重新登录');
  throw unauthorized(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
}

/** A member's session as the auth plugin puts it on the request. */
export interface MemberSession {
  userId: number;
  sessionId: number;
}

/**
 * Exchanges a live or expired-but-renewable session for a new token and revokes the old one.
 * The conditional revoke makes a token renewable exactly once, even under concurrent calls.
 */
export async function renewSession(db: Db, session: MemberSession): Promise<IssuedToken> {
  const revoked = await repo.revokeSession(db, session.sessionId, now());
  if (!revoked) rejectToken({ kind: 'invalid' });
  return issueToken(db, session.userId);
}

/** Logs out: the session's token stops working. */
export async function endSession(db: Db, session: MemberSession): Promise<void> {
  await repo.revokeSession(db, session.sessionId, now());
}

/** Ends every live session of a member (a password reset, staff disabling the account). */
export const revokeAllSessions = (db: Db, userId: number, at = now()) =>
  repo.revokeUserSessions(db, userId, at);

/** Ends every live session of a member but the one changing the password. */
export const revokeOtherSessions = (db: Db, userId: number, keepSessionId: number, at = now()) =>
  repo.revokeOtherUserSessions(db, userId, keepSessionId, at);
