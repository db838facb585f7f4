import { z } from 'zod';

/**
 * Chinese messages for every schema issue that has no message of its own. They start with
 * GENERIC_ISSUE_PREFIX so the server can name the offending field in front of them.
 */
export const GENERIC_ISSUE_PREFIX = '参数有误：';
const zhCN = z.locales.zhCN();
z.config(zhCN);
z.config({
  customError: (issue) => {
    // The locale would name what arrived in JavaScript terms (NaN, boolean, string).
    if (issue.code === 'invalid_type' && issue.expected === 'number') {
      return `${GENERIC_ISSUE_PREFIX}应为数字`;
    }
    const base = zhCN.localeError(issue);
    const text = typeof base === 'string' ? base : (base?.message ?? '格式不正确');
    return GENERIC_ISSUE_PREFIX + text;
  },
});
