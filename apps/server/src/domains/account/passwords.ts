import { MSG } from '@labshop/shared';
import { badRequest } from '../../lib/errors.ts';
import { passwordWeakness } from '../../lib/password-strength.ts';
import { MEMBER_PASSWORD_MIN_SCORE } from './account.rules.ts';
import { decryptPassword, type RsaKey } from './rsa.ts';

export type RsaKeyLoader = () => Promise<RsaKey>;

/** Decrypts a new password and its confirmation and checks they match. */
export async function newPassword(
  loadKey: RsaKeyLoader,
  body: { password: string; confirmPassword: string },
): Promise<string> {
  const key = await loadKey();
  const password = decryptPassword(key, body.password, MSG.passwordRequired);
  const confirm = decryptPassword(key, body.confirmPassword, MSG.confirmRequired);
  if (password !== confirm) throw badRequest(MSG.passwordMismatch);
  return password;
}

/** What is known of the member whose password is being set: at least the account. */
export interface MemberDetails {
  account: string;
  phone?: string | null;
  email?: string | null;
  name?: string;
  company?: string;
}

/**
 * Throws a 400 naming what is wrong with a member's new password (docs/api.md, "Passwords"): it
 * contains the account, phone or email, or the estimator scores it under
 * MEMBER_PASSWORD_MIN_SCORE with the member's details as likely words. Only new passwords are
 * checked; a login never is, so older passwords keep working.
 */
export function assertMemberPassword(password: string, member: MemberDetails): void {
  const contact = [member.account, member.phone, member.email].filter(
    (d): d is string => typeof d === 'string' && d !== '',
  );
  const problem = passwordWeakness(password, {
    minScore: MEMBER_PASSWORD_MIN_SCORE,
    containsPersonal: contact,
    personal: [...contact, member.name ?? '', member.company ?? ''],
  });
  if (problem) throw badRequest(problem);
}
