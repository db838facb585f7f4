import { toast } from 'sonner';
import { UI } from '@labshop/shared';

let lastErrorAt = 0;

/** Error toasts are throttled to one per second (docs/product-rules.md section 8). */
export function toastError(message: string): void {
  const t = Date.now();
  if (t - lastErrorAt < 1000) return;
  lastErrorAt = t;
  toast.error(message, { duration: UI.toastMs });
}

export function toastSuccess(message: string): void {
  toast.success(message, { duration: UI.toastMs });
}
