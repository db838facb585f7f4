/*
 * The stocktake sheet (docs/lots.md): the lots a warehouse has on the book, each with the count
 * staff found. Only the lines staff filled are sent; a blank line is a lot not counted this time
 * and the server leaves it as it is.
 */

export interface SheetLot {
  materialId: number;
  lotNumber: string;
  /** Units on the book (账面数量). */
  quantity: number;
}

/** What staff typed per line: a count, or nothing yet. */
export type Counts = Record<string, number | null | undefined>;

export const sheetKey = (lot: { materialId: number; lotNumber: string }) =>
  `${lot.materialId}|${lot.lotNumber}`;

const isCount = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The lines to send: every filled line (a count of 0 included), in the sheet's order. */
export function countedLines(
  sheet: SheetLot[],
  counts: Counts,
): { materialId: number; lotNumber: string; counted: number }[] {
  return sheet.flatMap((lot) => {
    const counted = counts[sheetKey(lot)];
    return isCount(counted)
      ? [{ materialId: lot.materialId, lotNumber: lot.lotNumber, counted }]
      : [];
  });
}

/** The difference a filled line will post (实盘 − 账面), or null while the line is blank. */
export function differenceOf(lot: SheetLot, counts: Counts): number | null {
  const counted = counts[sheetKey(lot)];
  return isCount(counted) ? counted - lot.quantity : null;
}

/** How many filled lines differ from the book. */
export function differencesOf(sheet: SheetLot[], counts: Counts): number {
  return sheet.filter((lot) => {
    const d = differenceOf(lot, counts);
    return d !== null && d !== 0;
  }).length;
}
