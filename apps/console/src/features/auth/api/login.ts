import type { StaffLoginResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';

/** POST /manage/v1/staff/access with the password RSA-encrypted like the storefront's. */
export async function login(account: string, password: string): Promise<StaffLoginResult> {
  return api.post<StaffLoginResult>(
    '/manage/v1/staff/access',
    { account, password: await encryptPassword(password) },
    { silent: true },
  );
}
