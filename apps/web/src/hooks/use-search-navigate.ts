import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@labshop/shared';
import { STORAGE_KEYS, writeItem } from '@/lib/storage';
import { toastError } from '@/lib/toast';

/** Path of the search results for a term. */
export const searchPath = (name: string) => `/search?name=${encodeURIComponent(name)}`;

/**
 * Runs a search the way the header box does: an empty term is refused with a toast, otherwise the
 * term is remembered under searchValue and the results page opens. Returns whether it navigated.
 */
export function useSearchNavigate(): (value: string) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (value: string) => {
      const name = value.trim();
      if (!name) {
        toastError(MSG.searchRequired);
        return false;
      }
      writeItem(STORAGE_KEYS.searchValue, name);
      void navigate(searchPath(name));
      return true;
    },
    [navigate],
  );
}
