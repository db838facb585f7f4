import { isEmail, isPhone, LIMITS, MSG } from '@labshop/shared';

/** Client-side checks of docs/product-rules.md section 5; each returns the first failing message (or null). */

type Rule = readonly [ok: boolean, message: string];
const firstError = (rules: readonly Rule[]): string | null =>
  rules.find(([ok]) => !ok)?.[1] ?? null;

const filled = (v: string) => v.trim() !== '';

// Same wording as the server schemas, so a missing field reads alike on either side.
export const REQUIRED = {
  contact: '请输入联系人',
  phone: MSG.phoneRequired,
  email: '请输入邮箱',
  company: '请输入单位名称',
  feedbackContent: '请输入留言内容',
  inquiryContent: '请输入询价内容',
} as const;

const phoneRules = (phone: string): Rule[] => [
  [filled(phone), REQUIRED.phone],
  [isPhone(phone.trim()), MSG.phoneFormat],
];
const emailRules = (email: string): Rule[] => [
  [filled(email), REQUIRED.email],
  [isEmail(email.trim()), MSG.emailFormat],
];

/** Trims every field before it is checked and sent. */
export function trimAll<T extends Record<keyof T, string>>(values: T): T {
  return Object.fromEntries(Object.entries<string>(values).map(([k, v]) => [k, v.trim()])) as T;
}

/** What every message form asks first. */
export interface ContactValues {
  contact: string;
  phone: string;
  email: string;
}

const contactRules = (v: ContactValues): Rule[] => [
  [filled(v.contact), REQUIRED.contact],
  ...phoneRules(v.phone),
  ...emailRules(v.email),
];

export interface FeedbackValues extends ContactValues {
  address: string;
  content: string;
}

export function validateFeedback(v: FeedbackValues): string | null {
  return firstError([...contactRules(v), [filled(v.content), REQUIRED.feedbackContent]]);
}

export interface BulkInquiryValues extends ContactValues {
  company: string;
  content: string;
}

export function validateBulkInquiry(v: BulkInquiryValues): string | null {
  return firstError([
    ...contactRules(v),
    [filled(v.company), REQUIRED.company],
    [filled(v.content), REQUIRED.inquiryContent],
  ]);
}

export interface CoaValues {
  productNumber: string;
  lotNumber: string;
}

export function validateCoa(v: CoaValues): string | null {
  return firstError([
    [filled(v.productNumber), MSG.productNumberRequired],
    [filled(v.lotNumber), MSG.lotNumberRequired],
  ]);
}

export interface SurveyValues {
  name: string;
  phone: string;
  email: string;
  company: string;
  dept: string;
  extra: string;
}

/** The survey shows one message for any failure, so this names the fields to highlight. */
export function invalidSurveyFields(v: SurveyValues): Array<keyof SurveyValues> {
  const name = v.name.trim().length;
  const checks: Record<keyof SurveyValues, boolean> = {
    name: name >= LIMITS.surveyNameMin && name <= LIMITS.surveyNameMax,
    phone: isPhone(v.phone.trim()),
    email: isEmail(v.email.trim()),
    company: filled(v.company),
    dept: filled(v.dept),
    extra: v.extra.trim().length <= LIMITS.textMax,
  };
  return (Object.keys(checks) as Array<keyof SurveyValues>).filter((k) => !checks[k]);
}
