import type { StaffLoginAnswer, StaffLoginResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';

/** POST /manage/v1/staff/access with the password RSA-encrypted like the storefront's. */
export async function login(account: string, password: string): Promise<StaffLoginAnswer> {
  return api.post<StaffLoginAnswer>(
    '/manage/v1/staff/access',
    { account, password: await encryptPassword(password) },
    { silent: true },
  );
}

/** POST /manage/v1/staff/access/code: the second step for accounts with two-factor login. */
export async function loginWithCode(ticket: string, code: string): Promise<StaffLoginResult> {
  return api.post<StaffLoginResult>(
    '/manage/v1/staff/access/code',
    { ticket, code },
    { silent: true },
  );
}
