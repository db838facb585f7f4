import { useEffect } from 'react';

/**
 * Whether the app's first render is hydrating the server's markup (docs/web.md, "Hydration below
 * the fold"): deferred parts (components/deferred.tsx) keep the server's markup only then. Kept
 * apart from those parts so the entry script carries only this flag.
 */
let hydrating = false;

export const isHydrating = (): boolean => hydrating;

/** main.tsx: the render about to start hydrates the server's markup. */
export function startHydration(): void {
  hydrating = true;
}

/** Placed once in the app: the hydrating render has committed, later parts render at once. */
export function HydrationDone(): null {
  useEffect(() => {
    hydrating = false;
  }, []);
  return null;
}
