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

/** Disables or enables a member's account (staff, 会员管理); the caller ends its sessions. */
export const setAccountDisabled = (db: Db, userId: number, disabled: boolean, at: number) =>
  users.setDisabled(db, userId, disabled ? 1 : 0, at);

/**
 * Serializes writes of one member's settings in a transaction: a second save waits and reads
 * what the first stored, as one after the other would.
 */
export const lockMember = (trx: Db, userId: number) => users.lockUser(trx, userId);

export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const user = await users.findUserById(db, userId);
  if (!user) throw sessionCleared();
  return toUserInfo(user);
}

export const CONTACT_NEEDS_CODE = '修改手机号或邮箱需验证新号码';

/**
 * Updates the profile. Phone and email log in too, so they change only with a code sent to the
 * new one (contact.service.ts); a body that still carries them must carry the stored values.
 */
export async function updateBasicInfo(
  db: Db,
  userId: number,
  basic: { company: string; name: string; telephone: string; phone?: string; email?: string },
): Promise<UserInfo> {
  const user = await users.findUserById(db, userId);
  if (!user) throw sessionCleared();
  const differs = (sent: string | undefined, stored: string | null) =>
    sent !== undefined && normalizeIdentifier(sent) !== (stored ?? '');
  if (differs(basic.phone, user.phone) || differs(basic.email, user.email))
    throw badRequest(CONTACT_NEEDS_CODE);
  const { company, name, telephone } = basic;
  await users.updateBasic(db, userId, { company, name, telephone }, now());
  return getUserInfo(db, userId);
}
