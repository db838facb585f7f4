import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL, so a dashboard figure can link to a filtered list and a reload
 * keeps the list as it was. Values are strings; empty ones are dropped.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const setFilters = useCallback(
    (next: Record<string, string | number | undefined | null>) => {
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(next)) {
        if (v !== undefined && v !== null && v !== '') clean[k] = String(v);
      }
      setParams(clean);
    },
    [setParams],
  );
  return { filters, setFilters };
}
