import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { EMAIL_RE, isRegionPhone, MSG, PHONE_RE } from '../validation.ts';

/** A required trimmed string with the given "missing" message and a length cap. */
export const requiredText = (message: string, max: number = LIMITS.shortMax) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `内容过长，最多 ${max} 个字符` });

/** An optional trimmed string, empty allowed, with a length cap. */
export const optionalText = (max: number = LIMITS.shortMax) =>
  z
    .string({ error: '参数格式有误' })
    .trim()
    .max(max, { error: `内容过长，最多 ${max} 个字符` })
    .optional()
    .default('');

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** Whether an 18-character 居民身份证号码 carries its own check character (GB 11643). */
export function isIdCardNumber(v: string): boolean {
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const sum = ID_CARD_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return ID_CARD_CHECK[sum % 11] === v[17];
}

/** A 居民身份证号码 (upper-cased X), or empty. */
export const idCardNumber = z
  .string({ error: '身份证号码有误' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || isIdCardNumber(v), { error: '身份证号码有误' });

export const phoneField = (required = '请输入手机号', format: string = MSG.phoneFormat) =>
  requiredText(required, 11).regex(PHONE_RE, { error: format });

/** A receiver's mobile: mainland, Hong Kong, Macau or Taiwan. */
export const regionPhoneField = (required = '请输入手机号', format: string = MSG.phoneFormat) =>
  requiredText(required, 20).refine(isRegionPhone, { error: format });

export const emailField = (required = '请输入邮箱', format: string = MSG.emailFormat) =>
  requiredText(required, LIMITS.shortMax).regex(EMAIL_RE, { error: format });

/** Decimal text as query strings and paths carry numbers; no hex, exponent or padding. */
const DECIMAL_RE = /^-?\d+(?:\.\d+)?$/;

/**
 * A number sent as a JSON number or as decimal text. Unlike z.coerce, true, arrays, null and
 * padded or hex text stay what they are, so the schema refuses them instead of reading 1 or 0.
 */
export const numeric = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && DECIMAL_RE.test(v) ? Number(v) : v), schema);

/** Page and size of list calls; decimal text is accepted because query strings carry text. */
export const pageQuery = (defaultSize: number) =>
  z.object({
    page: numeric(
      z
        .number({ error: '页码有误' })
        .int({ error: '页码有误' })
        .min(1, { error: '页码有误' })
        .max(LIMITS.pageMax, { error: '页码有误' }),
    ).default(1),
    size: numeric(
      z
        .number({ error: '每页条数有误' })
        .int({ error: '每页条数有误' })
        .min(1, { error: '每页条数有误' })
        .max(LIMITS.pageSizeMax, { error: '每页条数有误' }),
    ).default(defaultSize),
  });

/** Positive integer id in a path or body. */
export const idParam = numeric(
  z
    .number({ error: 'ID 有误' })
    .int({ error: 'ID 有误' })
    .positive({ error: 'ID 有误' })
    .max(LIMITS.idMax, { error: 'ID 有误' }),
);

/** Epoch milliseconds in a request (docs/product-rules.md section 7). */
export const epochMs = numeric(
  z
    .number({ error: '时间格式有误' })
    .int({ error: '时间格式有误' })
    .min(0, { error: '时间格式有误' })
    .max(8_640_000_000_000_000, { error: '时间格式有误' }),
);

/** An expiry date, YYYY-MM-DD (certificates, lots). */
export const expireField = z
  .string({ error: '请输入有效期' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '有效期格式应为 YYYY-MM-DD' })
  // A real calendar day: Date.parse rolls 2026-02-30 over to March instead of refusing it.
  .refine((v) => isCalendarDay(v), { error: '有效期日期有误' });

/** Whether YYYY-MM-DD names a day of the calendar (no 30 February). */
export function isCalendarDay(v: string): boolean {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}
