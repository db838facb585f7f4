import { MSG } from '@labshop/shared';

/**
 * The password-change check (docs/product-rules.md section 5); the profile, invoice and address
 * checks come from the shared schemas through `@/lib/member/checks`.
 */

export interface PasswordChangeForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export function checkPasswordChange(f: PasswordChangeForm): string | null {
  if (!f.oldPassword) return '请输入原密码';
  if (!f.password) return '请输入新密码';
  if (!f.confirmPassword) return MSG.confirmRequired;
  return f.password === f.confirmPassword ? null : MSG.passwordMismatch;
}
