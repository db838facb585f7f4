import { startTransition, useEffect, useSyncExternalStore, type ReactNode } from 'react';
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

/**
 * Set on `#root` once the app's first render has committed (docs/web.md, "Before the app takes
 * over"): `hydrated` when it took over the server's markup, `rendered` when it rendered afresh.
 */
export const APP_READY_ATTRIBUTE = 'data-app';

/**
 * Placed once in the app: the hydrating render has committed, later parts render at once, and
 * `#root` says the app has taken over.
 */
export function HydrationDone(): null {
  useEffect(() => {
    const how = hydrating ? 'hydrated' : 'rendered';
    hydrating = false;
    document.getElementById('root')?.setAttribute(APP_READY_ATTRIBUTE, how);
  }, []);
  return null;
}

const noSubscription = () => () => undefined;

/**
 * False on the server and in the render that hydrates its markup, true once the app owns the page
 * (and in every render made afresh). A control of the server's markup that does nothing until
 * then is disabled while this is false, so a press before takeover is plainly not taken.
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** What a person did in a field of the server's markup before the app took over. */
export interface TypedField {
  value: string;
  focused: boolean;
  selection: [start: number, end: number] | null;
}

/** Fields of the server's markup marked `data-keep`, read just before the app takes over. */
let typedFields = new Map<string, TypedField>();
/** The address those fields were read on: they belong to that page only. */
let typedAt = '';

/**
 * main.tsx, right before hydrating or replacing the server's markup: remembers every `data-keep`
 * field a person typed into (its value differs from the server's) or is in, so the app's own
 * field starts from it (`useKeptField`). A member's page replaces the server's markup, which
 * would otherwise drop the text with its elements.
 */
export function keepTypedFields(container: Element): void {
  typedAt = window.location.href;
  typedFields = new Map();
  for (const el of container.querySelectorAll<HTMLInputElement>('input[data-keep]')) {
    const key = el.dataset.keep;
    const focused = el === document.activeElement;
    if (!key || (el.value === el.defaultValue && !focused)) continue;
    const { selectionStart: start, selectionEnd: end } = el;
    const selection: [number, number] | null = start !== null && end !== null ? [start, end] : null;
    typedFields.set(key, { value: el.value, focused, selection });
  }
}

/** The field `key` as the person left it in the server's markup of this page; given out once. */
export function takeTypedField(key: string): TypedField | undefined {
  if (typedFields.size === 0) return undefined;
  if (window.location.href !== typedAt) {
    typedFields.clear();
    return undefined;
  }
  const field = typedFields.get(key);
  typedFields.delete(key);
  return field;
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
