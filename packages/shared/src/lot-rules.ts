/*
 * The rules of lots (docs/lots.md), one home for the server and the console: which lot ships
 * first (FEFO), which is expired or short, how many days a lot has left, and how a quantity is
 * taken from several lots. Plain functions on YYYY-MM-DD days, free of zod and of any clock: the
 * caller passes today (China time on the server, the staff's own day in the console) and the
 * shop's minimum remaining shelf life.
 */

/** The lot that stock without a known lot is kept in: no expiry, shipped last. */
export const UNBATCHED_LOT = '未分批';

export interface LotStock {
  lotNumber: string;
  /** YYYY-MM-DD, the last day of use; null when unknown. */
  expire: string | null;
  quantity: number;
}

export interface Allocation {
  lotNumber: string;
  expire: string | null;
  quantity: number;
}

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD day, counted in UTC so no summer-time hour moves it. */
function dayNumber(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

/** Past its last day of use: the lot may not ship (a lot is usable on its expiry day). */
export const isExpired = (expire: string | null, today: string): boolean =>
  expire !== null && expire < today;

/** The day before which a lot is short of `months` of remaining shelf life (YYYY-MM-DD). */
export function shortBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  // The same day of the month, or the month's last day (31 March + 1 month is 30 April).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0));
  target.setUTCDate(Math.min(d, lastDay.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

/** Short: usable today but expiring before the shop's minimum remaining shelf life. */
export const isShort = (expire: string | null, shortBeforeDay: string): boolean =>
  expire !== null && expire < shortBeforeDay;

/**
 * Whole days from `today` to the last day of use: 0 on that day, negative once past; null
 * without an expiry (未分批) or with a day that is not YYYY-MM-DD.
 */
export function daysLeft(expire: string | null, today: string): number | null {
  if (expire === null) return null;
  const days = dayNumber(expire) - dayNumber(today);
  return Number.isFinite(days) ? days : null;
}

/**
 * First expiring first; lots without expiry (未分批 among them) after every dated lot; lots of
 * one day by lot number, so every screen lists them in the order shipping takes them.
 */
export function fefo(a: Pick<LotStock, 'lotNumber' | 'expire'>, b: typeof a): number {
  if (a.expire !== b.expire) {
    if (a.expire === null) return 1;
    if (b.expire === null) return -1;
    return a.expire < b.expire ? -1 : 1;
  }
  return a.lotNumber < b.lotNumber ? -1 : a.lotNumber > b.lotNumber ? 1 : 0;
}

/**
 * The order a decrease that names no lot takes from (a product form, an import, an adjustment):
 * 未分批 first, then the lots that expire last, so dated stock stays for FEFO shipping.
 */
export function undatedFirst(a: LotStock, b: LotStock): number {
  if ((a.lotNumber === UNBATCHED_LOT) !== (b.lotNumber === UNBATCHED_LOT)) {
    return a.lotNumber === UNBATCHED_LOT ? -1 : 1;
  }
  return -fefo(a, b);
}

/**
 * Takes `quantity` units from the lots in the given order, skipping empty ones; null when they
 * do not hold enough. The lots passed are the ones allowed (the caller leaves out expired ones).
 */
export function allocate(
  lots: readonly LotStock[],
  quantity: number,
  order: (a: LotStock, b: LotStock) => number,
): Allocation[] | null {
  const taken: Allocation[] = [];
  let left = quantity;
  for (const lot of [...lots].sort(order)) {
    if (left === 0) break;
    if (lot.quantity <= 0) continue;
    const n = Math.min(lot.quantity, left);
    taken.push({ lotNumber: lot.lotNumber, expire: lot.expire, quantity: n });
    left -= n;
  }
  return left === 0 ? taken : null;
}
