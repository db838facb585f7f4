import { MSG } from '@labshop/shared';
import { badRequest } from '../../lib/errors.ts';
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
