import { fefo, isShort } from '@labshop/shared';
import type { Lot } from '@labshop/shared/schemas';

/*
 * The ship dialog's lots (docs/lots.md, "Shipping"): a line ships from a named lot or, without
 * one, from the warehouse's first-expiring lots (FEFO; 未分批, without expiry, last). A lot that
 * expires before `shortBefore` is short and ships only with the staff's confirmation. The order
 * and the short check are the lot rules of @labshop/shared, the server's own.
 */

export type ShipLot = Lot & { materialId: number; storeId: number };

/**
 * The lot select's value for "first expiring first": the server is sent no lot number. A lot
 * number never holds control characters, so this can be no lot's number.
 */
export const FEFO = '\u0001FEFO';

/** The lots of a pack in a warehouse that may ship, first to expire first. */
export function lotsOf(lots: ShipLot[], materialId: number, storeId: number): ShipLot[] {
  return lots
    .filter((l) => l.materialId === materialId && l.storeId === storeId && l.quantity > 0)
    .sort(fefo);
}

/**
 * The lot a line takes first: the one chosen, or the one FEFO takes (the first to expire). FEFO
 * goes on to later lots when that one runs out; those expire later, so when the first is not
 * short, none is.
 */
export function firstLot(lots: ShipLot[], choice: string | undefined): ShipLot | undefined {
  if (choice === undefined || choice === FEFO) return lots[0];
  return lots.find((l) => l.lotNumber === choice);
}

/** Whether the line ships a short lot first, so the dialog must ask for the confirmation. */
export function lineIsShort(
  lots: ShipLot[],
  choice: string | undefined,
  shortBefore: string,
): boolean {
  const lot = firstLot(lots, choice);
  return lot !== undefined && isShort(lot.expire, shortBefore);
}

/** The lot number to send: none for FEFO. */
export function lotNumberToSend(choice: string | undefined): string | undefined {
  return choice === undefined || choice === FEFO ? undefined : choice;
}

/** Units of a pack a warehouse can ship: its lots that may ship (none expired). */
export function shippable(lots: ShipLot[], materialId: number, storeId: number): number {
  return lotsOf(lots, materialId, storeId).reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * The warehouse each line ships from unless staff choose another, so a package of many lines
 * takes no tap per line (docs/console.md, "Orders"): the first warehouse that can ship every
 * line in full (one parcel from one place); failing that, per line the first warehouse that
 * holds the whole line, else the one holding most of it; with no stock anywhere, the first
 * warehouse (the shop's only one, usually), which the server then refuses with 库存不足.
 */
export function defaultStores(
  lines: readonly { materialId: number; quantity: number }[],
  storeIds: readonly number[],
  lots: ShipLot[],
): (number | undefined)[] {
  const first = storeIds[0];
  if (first === undefined) return lines.map(() => undefined);
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.materialId, (wanted.get(l.materialId) ?? 0) + l.quantity);
  const holdsAll = storeIds.find((s) =>
    [...wanted].every(([materialId, n]) => shippable(lots, materialId, s) >= n),
  );
  if (holdsAll !== undefined) return lines.map(() => holdsAll);
  return lines.map((l) => {
    const held = storeIds.map((s) => ({ s, n: shippable(lots, l.materialId, s) }));
    const whole = held.find((h) => h.n >= l.quantity);
    if (whole) return whole.s;
    const most = held.reduce((a, b) => (b.n > a.n ? b : a));
    return most.n > 0 ? most.s : first;
  });
}
