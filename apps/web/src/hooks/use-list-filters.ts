import { useState } from 'react';

/** The filter choices of a paged list and its page; changing a filter goes back to page 1. */
export function useListFilters<C extends object>(initial: C) {
  const [choice, setChoice] = useState(initial);
  const [page, setPage] = useState(1);
  const change = (patch: Partial<C>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setPage(1);
  };
  return { choice, change, page, setPage };
}
