import { useState } from 'react';
import { readSelectedCartIds, writeSelectedCartIds } from '@/lib/storage';
import { keepExisting, selectAllState, toggleAll, toggleLine } from '../lib/selection';

/**
 * The chosen cart lines, kept in local storage (selectCartId) so the confirm page and a reload see
 * the same choice. Stored ids of lines no longer in the cart are ignored and dropped on the next
 * change.
 */
export function useCartSelection(lineIds: readonly number[]) {
  const [stored, setStored] = useState<number[]>(readSelectedCartIds);
  const selected = keepExisting(lineIds, stored);

  const set = (next: number[]) => {
    setStored(next);
    writeSelectedCartIds(next);
  };

  return {
    selected,
    allState: selectAllState(lineIds, selected),
    toggle: (id: number) => set(toggleLine(lineIds, selected, id)),
    toggleAll: () => set(toggleAll(lineIds, selected)),
    /** Stores exactly the current choice (the confirm page reads it). */
    persist: () => writeSelectedCartIds(selected),
  };
}
