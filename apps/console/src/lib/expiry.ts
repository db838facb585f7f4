import { EXPIRY_WINDOWS } from '@labshop/shared/schemas';

/*
 * Lot expiry as staff read it (docs/lots.md): the days left are the lot rules' own (`daysLeft` of
 * @labshop/shared: 0 on the last good day, negative once past); "expiring" is within 30 or 90
 * days, the windows of the lot list's filter and the dashboard's 效期预警.
 */

/** Today in the browser's local time (the staff's own, China time), as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
