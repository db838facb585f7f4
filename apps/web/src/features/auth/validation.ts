import { isEmail, isPhone, MSG } from '@labshop/shared';

/**
 * Client-side checks of the login page (docs/product-rules.md section 5). Each answers the first message to
 * show as an error toast, or null when the form may be sent.
 */

export function checkPhone(phone: string): string | null {
  const v = phone.trim();
  if (!v) return MSG.phoneRequired;
  return isPhone(v) ? null : MSG.phoneFormat;
}

/** Register and forgot password: the account is a mobile number or an email address. */
export function checkAccountId(account: string): string | null {
  const v = account.trim();
  if (!v) return MSG.accountRequired;
  return isPhone(v) || isEmail(v) ? null : MSG.accountFormat;
}

export function checkAccountLogin(f: { account: string; password: string }): string | null {
  if (!f.account.trim()) return MSG.accountRequired;
  if (!f.password) return MSG.passwordRequired;
  return null;
}

export function checkCodeLogin(f: { phone: string; code: string }): string | null {
  return checkPhone(f.phone) ?? (f.code.trim() ? null : MSG.codeRequired);
}

export interface PasswordSetForm {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Register (with the agreement) and forgot password. */
export function checkPasswordSet(f: PasswordSetForm, agreed?: boolean): string | null {
  const account = checkAccountId(f.account);
  if (account) return account;
  if (!f.code.trim()) return MSG.codeRequired;
  if (!f.password) return MSG.passwordRequired;
  if (!f.confirmPassword) return MSG.confirmRequired;
  if (f.password !== f.confirmPassword) return MSG.passwordMismatch;
  if (agreed === false) return MSG.agreementRequired;
  return null;
}
