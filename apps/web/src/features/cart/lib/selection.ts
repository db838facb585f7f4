/** State of the select-all box: every line chosen, none, or some ('indeterminate'). */
export type SelectAllState = boolean | 'indeterminate';

export function selectAllState(
  lineIds: readonly number[],
  selected: readonly number[],
): SelectAllState {
  const chosen = lineIds.filter((id) => selected.includes(id)).length;
  if (chosen === 0) return false;
  return chosen === lineIds.length ? true : 'indeterminate';
}

/** Adds or removes one line, keeping the cart's order. */
export function toggleLine(
  lineIds: readonly number[],
  selected: readonly number[],
  id: number,
): number[] {
  const on = !selected.includes(id);
  return lineIds.filter((l) => (l === id ? on : selected.includes(l)));
}

/** Select-all from the indeterminate or empty state chooses every line; from all, none. */
export function toggleAll(lineIds: readonly number[], selected: readonly number[]): number[] {
  return selectAllState(lineIds, selected) === true ? [] : [...lineIds];
}

/** Drops stored ids whose lines are gone (ordered, deleted, or another member's). */
export function keepExisting(lineIds: readonly number[], selected: readonly number[]): number[] {
  return lineIds.filter((id) => selected.includes(id));
}
