import { Spinner } from '@/components/ui/spinner';
import { useCart } from '@/features/cart/api/get-cart';
import { CartView } from '@/features/cart/components/cart-view';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { LoadFailed } from '@/components/ui/load-failed';

function MemberCart() {
  const cart = useCart();
  if (cart.isPending) return <Spinner />;
  if (cart.isError) {
    return <LoadFailed onRetry={() => void cart.refetch()} retrying={cart.isFetching} />;
  }
  return <CartView lines={cart.data} />;
}

export default function CartPage() {
  useDocumentMeta('购物车');
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <h1 className="mb-4 text-xl font-semibold">我的购物车</h1>
      <MemberCart />
    </div>
  );
}
