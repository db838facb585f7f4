import type * as SonnerModule from 'sonner';
import { UI } from '@labshop/shared';

/**
 * Toasts. The toast library and its styles load with the first toast a page shows, not with the
 * page (docs/web.md, "Hydration below the fold"): most visits show none. The `Toaster`
 * (app/provider.tsx) mounts once a toast was asked for (`toastsWanted`) and shows the toasts
 * made before it subscribed.
 */

type Sonner = typeof SonnerModule;

let library: Promise<Sonner> | undefined;
const waiting = new Set<() => void>();

function withToasts(show: (s: Sonner) => void): void {
  if (!library) {
    library = import('sonner');
    for (const tell of [...waiting]) tell();
  }
  // Without the library (the page lost its connection) the toast is not shown: nothing to do.
  library.then(show, () => undefined);
}

/** Whether a toast was asked for yet, as an external store for the Toaster. */
export const toastsWanted = {
  subscribe: (tell: () => void): (() => void) => {
    waiting.add(tell);
    return () => waiting.delete(tell);
  },
  get: (): boolean => library !== undefined,
};

let lastErrorAt = 0;

/** Error toasts are throttled to one per second (docs/product-rules.md section 8). */
export function toastError(message: string): void {
  const t = Date.now();
  if (t - lastErrorAt < 1000) return;
  lastErrorAt = t;
  withToasts((s) => s.toast.error(message, { duration: UI.toastMs }));
}

export function toastSuccess(message: string): void {
  withToasts((s) => s.toast.success(message, { duration: UI.toastMs }));
}
