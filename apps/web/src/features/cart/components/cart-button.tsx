import { Link } from 'react-router';
import { loginPath, useIsLoggedIn } from '@/lib/session';
import { useCartCount } from '../api/get-cart-count';

function CartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </svg>
  );
}

/** Header cart button; members see their line count, visitors are sent to log in first. */
export function CartButton() {
  const loggedIn = useIsLoggedIn();
  const count = useCartCount(loggedIn);
  const n = loggedIn ? (count.data ?? 0) : 0;
  return (
    <Link
      to={loggedIn ? '/cart' : loginPath('/cart')}
      data-testid="cart-button"
      aria-label={loggedIn ? `购物车，${n} 种商品` : '购物车'}
      className="relative inline-flex h-10 items-center gap-2 rounded border border-primary bg-white px-3 text-sm text-primary hover:bg-primary-50 sm:px-4"
    >
      <CartIcon />
      <span className="hidden sm:inline">购物车</span>
      {loggedIn && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 text-white"
        >
          {n > 99 ? '99+' : n}
        </span>
      )}
    </Link>
  );
}
