/**
 * Chinese messages of the password strength check, members' and staff's alike (docs/api.md,
 * "Passwords"). The estimator itself runs on the server only; each message says what made the
 * password weak, so the member knows what to change.
 */
export const PASSWORD_MSG = {
  personal: '密码不能包含账号、手机号或邮箱',
  personalHint: '密码过于简单：含有账号、手机号、邮箱或姓名等个人信息',
  common: '密码过于简单：含有常见密码、常用词或拼音（如 123456、woaini），容易被猜中',
  repeated: '密码过于简单：含有重复的字符或片段（如 aaaa、abcabc）',
  sequence: '密码过于简单：含有连续的字母、数字或键盘上相邻的按键（如 abcd、qwerty）',
  dates: '密码过于简单：含有日期或年份（如 19900101）',
  weak: '密码过于简单，请加长密码，避免连续或重复的字符、常见密码和手机号',
} as const;

/** Details shorter than this (a two-letter mailbox name) are not looked for inside a password. */
export const PERSONAL_IN_PASSWORD_MIN = 3;

/**
 * Whether the password equals or contains one of the account's own details (its account name,
 * phone, email address or the mailbox name before the @), compared without case. Cheap enough
 * for a form; the server checks it wherever a password is set.
 */
export function containsPersonalDetail(
  password: string,
  details: readonly (string | null | undefined)[],
): boolean {
  const text = password.toLowerCase();
  return details.some((detail) => {
    const d = detail?.trim().toLowerCase() ?? '';
    const local = d.includes('@') ? d.slice(0, d.indexOf('@')) : '';
    return [d, local].some(
      (part) => part.length >= PERSONAL_IN_PASSWORD_MIN && text.includes(part),
    );
  });
}
