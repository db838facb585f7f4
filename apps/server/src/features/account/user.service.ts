import { toYuan } from '@labshop/shared';
import type { UserInfo } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { sessionCleared } from './account.service.ts';
import { normalizeIdentifier } from './identifier.ts';
import * as users from './user.repository.ts';

export const PHONE_TAKEN = '该手机号已被使用';
export const EMAIL_TAKEN = '该邮箱已被使用';

function toUserInfo(u: users.UserRow): UserInfo {
  return {
    company: u.company,
    name: u.name,
    phone: u.phone ?? '',
    telephone: u.telephone,
    email: u.email ?? '',
    avatar: u.avatar,
    account: u.account,
    balance: toYuan(u.balance),
  };
}

export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const user = await users.findUserById(db, userId);
  if (!user) throw sessionCleared();
  return toUserInfo(user);
}

/**
 * Updates the profile. Phone and email identify members too (they log in with them), so neither
 * may be another member's account, phone or email.
 */
export async function updateBasicInfo(
  db: Db,
  userId: number,
  basic: { company: string; name: string; phone: string; telephone: string; email: string },
): Promise<UserInfo> {
  const phone = normalizeIdentifier(basic.phone);
  const email = normalizeIdentifier(basic.email);
  const others = (await users.findUsersByIdentifiers(db, [phone, email])).filter(
    (u) => u.id !== userId,
  );
  const holds = (u: users.UserRow, value: string) =>
    u.account === value || u.phone === value || u.email === value;
  if (others.some((u) => holds(u, phone))) throw badRequest(PHONE_TAKEN);
  if (others.some((u) => holds(u, email))) throw badRequest(EMAIL_TAKEN);
  try {
    await users.updateBasic(db, userId, { ...basic, phone, email }, now());
  } catch (err) {
    if (users.isUniqueViolation(err)) throw badRequest('该手机号或邮箱已被使用');
    throw err;
  }
  return getUserInfo(db, userId);
}
