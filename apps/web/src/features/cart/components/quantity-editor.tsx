import { useEffect, useRef, useState } from 'react';
import { CartUpdateType, LIMITS, MSG } from '@labshop/shared';
import { toastError } from '@/lib/toast';
import { useUpdateCart } from '../api/update-cart';
import { cleanQuantity } from '../lib/quantity';

const step =
  'flex h-full w-7 items-center justify-center text-gray-500 hover:text-primary disabled:opacity-40';

/** Sets a cart line's quantity (PUT type 2) on the steppers or when the field loses focus. */
export function QuantityEditor({ materialId, quantity }: { materialId: number; quantity: number }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateCart();
  const shown = draft ?? String(quantity);
  // A figure set while the previous change is on its way (useSubmitMutation takes one call at a
  // time): shown, and sent once that change has settled and the cart is refreshed.
  const waiting = useRef<number | null>(null);

  const commit = (next: number) => {
    if (update.isPending) {
      waiting.current = next;
      setDraft(String(next));
      return;
    }
    if (next === quantity) {
      setDraft(null);
      return;
    }
    // The typed figure stays shown until the refreshed cart arrives (or the change is refused);
    // a figure typed meanwhile is the buyer's next change and stays.
    const sent = String(next);
    setDraft(sent);
    update.mutate(
      { materialId, quantity: next, type: CartUpdateType.SET },
      { onSettled: () => setDraft((d) => (d === sent ? null : d)) },
    );
  };

  useEffect(() => {
    if (update.isPending || waiting.current === null) return;
    const next = waiting.current;
    waiting.current = null;
    commit(next);
  });

  const onBlur = () => {
    if (draft === null) return;
    if (draft === '') {
      toastError(MSG.quantityRequired);
      setDraft(null);
      return;
    }
    commit(Number(draft));
  };

  return (
    <div className="flex h-8 w-fit items-center rounded border border-gray-300 bg-white">
      <button
        type="button"
        aria-label="减少数量"
        className={step}
        disabled={quantity <= 1 || update.isPending}
        onClick={() => commit(quantity - 1)}
      >
        −
      </button>
      <input
        aria-label="数量"
        inputMode="numeric"
        value={shown}
        onChange={(e) => setDraft(cleanQuantity(e.target.value))}
        onBlur={onBlur}
        onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        className="h-full w-12 border-x border-gray-300 text-center text-sm outline-none focus:bg-primary-50"
      />
      <button
        type="button"
        aria-label="增加数量"
        className={step}
        disabled={quantity >= LIMITS.quantityMax || update.isPending}
        onClick={() => commit(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
