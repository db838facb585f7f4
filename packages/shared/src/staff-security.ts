import { LIMITS } from './limits.ts';

/** Chinese messages of the staff password policy and two-factor login (docs/console.md). */
export const STAFF_SECURITY_MSG = {
  passwordTooShort: `密码至少 ${LIMITS.staffPasswordMin} 位`,
  passwordCommon: '密码过于常见，容易被猜中，请换一个',
  passwordContainsAccount: '密码不能包含账号',
  passwordSameAsOld: '新密码不能与当前密码相同',
  oldPasswordWrong: '当前密码错误',
  codeRequired: '请输入验证码',
  codeWrong: '验证码错误',
  ticketExpired: '登录已超时，请重新输入账号和密码',
  twoFactorOn: '已启用两步验证',
  twoFactorOff: '未启用两步验证',
  setupFirst: '请先获取二维码',
  enrolRequired: '请先启用两步验证',
} as const;

/**
 * The part of the staff password policy either side can check: length and the account name
 * (case-insensitive; names shorter than three characters are not looked for). The server also
 * refuses passwords on its list of common ones. Answers the message of the first rule broken.
 */
export function staffPasswordProblem(password: string, account: string): string | null {
  if ([...password].length < LIMITS.staffPasswordMin) return STAFF_SECURITY_MSG.passwordTooShort;
  const name = account.trim().toLowerCase();
  if (name.length >= LIMITS.staffAccountInPasswordMin && password.toLowerCase().includes(name)) {
    return STAFF_SECURITY_MSG.passwordContainsAccount;
  }
  return null;
}

/** Roles that must log in with two-factor codes when STAFF_2FA=required: they move money. */
export const TWO_FACTOR_ROLES: readonly string[] = ['admin', 'finance'];
