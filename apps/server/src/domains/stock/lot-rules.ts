import { UNBATCHED_LOT } from '@labshop/shared/schemas';

/*
 * The rules of lots (docs/lots.md), pure so they are tested on their own: which lot ships first,
 * which is expired or short, and how a quantity is taken from several lots.
 */

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

/** Days from today to the last day of use (0 on that day, negative once past). */
export function daysLeft(expire: string | null, today: string): number | null {
  if (expire === null) return null;
  return Math.round(
    (Date.parse(`${expire}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

/** First expiring first; lots without expiry (未分批 among them) after every dated lot. */
export function fefo(a: LotStock, b: LotStock): number {
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
