import { useLocation, useNavigate } from 'react-router';
import { CartUpdateType, LIMITS, MSG } from '@labshop/shared';
import { Button } from '@/components/ui/button';
import { useKeptField } from '@/hooks/use-kept-field';
import { useAppReady } from '@/lib/hydration';
import { loginPath, useIsLoggedIn } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateCart } from '../api/update-cart';
import { cleanQuantity } from '../lib/quantity';

const step =
  'flex h-full w-7 items-center justify-center text-gray-500 hover:text-primary disabled:opacity-40';

/**
 * Quantity input and add-to-cart button for one pack size (search and product pages). The server
 * renders it: a quantity typed before the app takes over is kept, and the buttons, which need
 * the app, are disabled until then (docs/web.md, "Before the app takes over").
 */
export function AddToCart({ materialId }: { materialId: number }) {
  const [quantity, setQuantity, field] = useKeptField(`quantity-${materialId}`, '1', cleanQuantity);
  const ready = useAppReady();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const update = useUpdateCart();
  const n = Number(quantity);

  const add = () => {
    if (!loggedIn) {
      void navigate(loginPath(pathname + search));
      return;
    }
    if (quantity === '' || n < 1) {
      toastError(MSG.quantityRequired);
      return;
    }
    update.mutate(
      { materialId, quantity: n, type: CartUpdateType.ADD },
      { onSuccess: () => toastSuccess('加入购物车成功') },
    );
  };

  return (
    <div className="flex items-center gap-2">
      <div className="flex h-8 items-center rounded border border-gray-300 bg-white">
        <button
          type="button"
          aria-label="减少数量"
          className={step}
          disabled={!ready || n <= 1}
          onClick={() => setQuantity(String(Math.max(1, n - 1)))}
        >
          −
        </button>
        <input
          {...field}
          aria-label="数量"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(cleanQuantity(e.target.value))}
          className="h-full w-11 border-x border-gray-300 text-center text-sm outline-none focus:bg-primary-50"
        />
        <button
          type="button"
          aria-label="增加数量"
          className={step}
          disabled={!ready || n >= LIMITS.quantityMax}
          onClick={() => setQuantity(String(Math.min(LIMITS.quantityMax, n + 1)))}
        >
          +
        </button>
      </div>
      <Button
        size="sm"
        // The second click of a double click (`detail` 2) is the same press: when the first add
        // has already come back, it would otherwise add the quantity again.
        onClick={(e) => e.detail < 2 && add()}
        disabled={!ready}
        loading={update.isPending}
        className="whitespace-nowrap"
      >
        加入购物车
      </Button>
    </div>
  );
}
