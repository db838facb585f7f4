/** Rows per multi-row statement: well under both databases' bound-parameter limits. */
export const ROWS_PER_STATEMENT = 400;

/** Splits rows into parts of at most `size`, for multi-row statements. */
export function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
