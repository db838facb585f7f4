import { isEmail } from '@labshop/shared';

/** Accounts, phones and emails are compared in one form: trimmed, emails in lower case. */
export function normalizeIdentifier(value: string): string {
  const trimmed = value.trim();
  return isEmail(trimmed) ? trimmed.toLowerCase() : trimmed;
}
