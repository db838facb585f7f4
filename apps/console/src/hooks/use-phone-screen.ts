import { useSyncExternalStore } from 'react';

/**
 * A phone's width (antd's xs, below 576 px): the warehouse's phone, where lists become cards and
 * fields stack (docs/console.md, "On a phone"). Read from the browser's media query and followed
 * as the window turns; a browser that cannot tell (and the server) counts as a desk.
 */
export const PHONE_QUERY = '(max-width: 575px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePhoneScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
