import type { Lot } from '@labshop/shared/schemas';

/*
 * The ship dialog's lots (docs/lots.md, "Shipping"): a line ships from a named lot or, without
 * one, from the warehouse's first-expiring lots (FEFO; 未分批, without expiry, last). A lot that
 * expires before `shortBefore` is short and ships only with the staff's confirmation.
 */

export type ShipLot = Lot & { materialId: number; storeId: number };

/**
 * The lot select's value for "first expiring first": the server is sent no lot number. A lot
 * number never holds control characters, so this can be no lot's number.
 */
export const FEFO = '\u0001FEFO';

/** Earlier expiry first; a lot without expiry (未分批) after every dated one. */
const byExpiry = (a: Lot, b: Lot) =>
  a.expire === b.expire
    ? 0
    : a.expire === null
      ? 1
      : b.expire === null
        ? -1
        : a.expire < b.expire
          ? -1
          : 1;

/** The lots of a pack in a warehouse that may ship, first to expire first. */
export function lotsOf(lots: ShipLot[], materialId: number, storeId: number): ShipLot[] {
  return lots
    .filter((l) => l.materialId === materialId && l.storeId === storeId && l.quantity > 0)
    .sort(byExpiry);
}

/** Whether a lot expires before the day a lot must last to (YYYY-MM-DD). */
export function isShort(lot: Pick<Lot, 'expire'>, shortBefore: string): boolean {
  return lot.expire !== null && lot.expire < shortBefore;
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
  return lot !== undefined && isShort(lot, shortBefore);
}

/** The lot number to send: none for FEFO. */
export function lotNumberToSend(choice: string | undefined): string | undefined {
  return choice === undefined || choice === FEFO ? undefined : choice;
}
