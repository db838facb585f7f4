import { EXPIRY_WINDOWS } from '@labshop/shared/schemas';

/*
 * Lot expiry as staff read it (docs/lots.md): a lot is expired once its date has passed (it is
 * still good on the day itself), and "expiring" within 30 or 90 days, the windows of the lot
 * list's filter and the dashboard's 效期预警.
 */

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today in the browser's local time (the staff's own, China time), as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function dayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

/**
 * Whole days from `today` to `expire` (both YYYY-MM-DD): 0 on the last good day, negative once
 * past; null without an expiry (未分批) or with a date that is not one.
 */
export function daysLeft(expire: string | null, today: string = localToday()): number | null {
  if (expire === null) return null;
  const days = dayNumber(expire) - dayNumber(today);
  return Number.isFinite(days) ? days : null;
}

export type ExpiryLevel = 'expired' | 'within30' | 'within90' | 'later' | 'none';

/** Which warning a lot with `days` left earns: the windows are those of EXPIRY_WINDOWS. */
export function expiryLevel(days: number | null): ExpiryLevel {
  if (days === null) return 'none';
  if (days < 0) return 'expired';
  const [near, soon] = EXPIRY_WINDOWS;
  if (days <= near) return 'within30';
  if (days <= soon) return 'within90';
  return 'later';
}

/** The words of a lot's warning: 已过期, 今天到期, 剩 N 天. */
export function daysLeftLabel(days: number): string {
  if (days < 0) return '已过期';
  if (days === 0) return '今天到期';
  return `剩 ${days} 天`;
}
