import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

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

/**
 * Hydrates the server's markup in `container` without blocking the main thread (docs/web.md,
 * "Hydration that yields"). Started inside a transition, the hydrating render runs in React's
 * transition hydration lane, which is time-sliced: React yields to the browser every few
 * milliseconds instead of hydrating the whole page in one long task. A click or a key press on a
 * part not yet hydrated is not lost: React hydrates that part at once and then dispatches it.
 */
export function hydrateWithoutBlocking(container: Element, app: ReactNode): Root {
  startHydration();
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root!;
}
