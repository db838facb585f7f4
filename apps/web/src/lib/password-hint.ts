import { LIMITS } from '@labshop/shared';

/** Shown under every new password field; a hint only, not enforced (docs/product-rules.md section 5). */
export const PASSWORD_HINT = `密码至少${LIMITS.passwordHintMin}位，需包含大写字母、小写字母、特殊符号和数字`;
