import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@labshop/shared';
import type { CartLine } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Empty } from '@/components/ui/empty';
import { toastError, toastSuccess } from '@/lib/toast';
import { useClearCart } from '../api/clear-cart';
import { useDeleteCartLines } from '../api/delete-cart-lines';
import { useRequestQuote } from '../api/request-quote';
import { accountPath, useFetchUserInfo } from '@/lib/member';
import { useComplianceCheck } from '../api/check-compliance';
import { checkedOrgOf, refusedLinesOf } from '../lib/refused-lines';
import { RefusedLines } from '@/components/compliance/refused-lines';
import { useCartSelection } from '../hooks/use-cart-selection';
import { postCartToProcurement, usePunchoutSession } from '@/lib/punchout';
import { useBuyingFor } from '@/lib/buying-for';
import { CART_COLUMNS, CartLineRow } from './cart-line-row';
import { CartTotals, ReturnedCartTotal } from './cart-totals';
import { Checkbox } from './checkbox';

type Asking = 'clear' | 'profile' | null;

/** The cart: lines with their checkboxes, select-all, delete, clear, totals and checkout. */
export function CartView({ lines }: { lines: CartLine[] }) {
  const navigate = useNavigate();
  const punchout = usePunchoutSession();
  const [returning, setReturning] = useState(false);
  // A line 库存不足 stays in the cart but cannot be chosen for checkout (docs/shipping.md).
  const ids = lines.filter((l) => l.outOfStock !== true).map((l) => l.id);
  const selection = useCartSelection(ids);
  const chosen = lines.filter((l) => selection.selected.includes(l.id));
  const quote = useRequestQuote();
  const askQuote = () => {
    if (chosen.length === 0) {
      toastError(MSG.checkoutSelectionRequired);
      return;
    }
    quote.mutate(
      { cartIds: chosen.map((l) => l.id), remark: '' },
      {
        onSuccess: ({ id }) => {
          toastSuccess('报价申请已提交');
          void navigate(`/quote/${id}`);
        },
      },
    );
  };
  const [asking, setAsking] = useState<Asking>(null);
  /** The lines the 确定删除所选商品？ dialog is asking about: the chosen ones, or one 库存不足. */
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [checking, setChecking] = useState(false);
  const del = useDeleteCartLines();
  const clear = useClearCart();
  const fetchUserInfo = useFetchUserInfo();
  // Checked for whom the member buys (采购身份): an organization's documents, or their own.
  const compliance = useComplianceCheck(lines, { buyingFor: useBuyingFor() });
  const blockedOf = new Map(
    (compliance.data ?? []).filter((c) => c.blocked).map((c) => [c.materialId, c.message]),
  );
  const refused = refusedLinesOf(lines, compliance.data);

  const askDelete = () => {
    if (chosen.length === 0) toastError(MSG.deleteSelectionRequired);
    else setDeleting(chosen.map((l) => l.id));
  };
  const confirmDelete = () =>
    del.mutate(deleting ?? [], {
      onSuccess: () => toastSuccess('删除成功'),
      onSettled: () => setDeleting(null),
    });
  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => toastSuccess('清空购物车成功'),
      onSettled: () => setAsking(null),
    });

  const checkout = async () => {
    if (chosen.length === 0) {
      toastError(MSG.checkoutSelectionRequired);
      return;
    }
    setChecking(true);
    try {
      const info = await fetchUserInfo();
      if (!info.name.trim()) {
        setAsking('profile');
        return;
      }
      selection.persist();
      void navigate('/confirm');
    } catch {
      // The request client has already said what went wrong.
    } finally {
      setChecking(false);
    }
  };

  if (lines.length === 0) {
    return (
      <div className="rounded border border-gray-200 bg-white">
        <Empty text="购物车是空的" />
        <p className="-mt-8 pb-10 text-center text-sm">
          <Link to="/products" className="text-primary hover:underline">
            去挑选商品
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <RefusedLines lines={refused} org={checkedOrgOf(compliance.data)} />
      <div className="rounded border border-gray-200 bg-white">
        <div
          className={`hidden gap-x-3 border-b border-gray-200 bg-gray-50 px-4 py-2 text-sm text-gray-500 sm:grid ${CART_COLUMNS}`}
        >
          <Checkbox checked={selection.allState} onChange={selection.toggleAll} label="全选" />
          <span className="col-span-2">商品信息</span>
          <span>规格</span>
          {/* A line at a 合同价 says so itself; the column then holds both kinds. */}
          <span data-testid="cart-price-heading">
            {lines.some((l) => l.contractPrice !== undefined) ? '单价' : '会员价'}
          </span>
          <span>数量</span>
          <span className="text-right">小计</span>
        </div>
        <ul className="divide-y divide-gray-100">
          {lines.map((line) => (
            <CartLineRow
              key={line.id}
              line={line}
              checked={selection.selected.includes(line.id)}
              onToggle={() => selection.toggle(line.id)}
              blocked={blockedOf.get(line.materialId)}
              onDelete={() => setDeleting([line.id])}
            />
          ))}
        </ul>
      </div>

      <div className="sticky bottom-0 flex flex-col gap-3 rounded border border-gray-200 bg-white py-3 pr-14 pl-4 md:pr-4 shadow-sm md:flex-row md:items-center md:justify-between">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <Checkbox checked={selection.allState} onChange={selection.toggleAll} label="全选" />
            全选
          </label>
          <button type="button" className="text-gray-600 hover:text-red-500" onClick={askDelete}>
            删除选中
          </button>
          <button
            type="button"
            className="text-gray-600 hover:text-red-500"
            onClick={() => setAsking('clear')}
          >
            清空购物车
          </button>
          <Link to="/quick-order" className="text-primary hover:underline">
            快速下单
          </Link>
          <span className="text-gray-500" data-testid="cart-selected">
            已选 <strong className="text-primary">{chosen.length}</strong> 种商品
          </span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm md:justify-end">
          {punchout ? <ReturnedCartTotal lines={lines} /> : <CartTotals chosen={chosen} />}
          {punchout ? (
            // The buyer's system places the order (docs/punchout.md): the whole cart goes back.
            <Button
              size="lg"
              onClick={() => {
                setReturning(true);
                postCartToProcurement();
              }}
              loading={returning}
              data-testid="punchout-return"
            >
              返回采购系统
            </Button>
          ) : (
            <>
              <Button
                size="lg"
                variant="outline"
                onClick={askQuote}
                loading={quote.isPending}
                data-testid="cart-quote"
              >
                申请报价
              </Button>
              <Button size="lg" onClick={() => void checkout()} loading={checking}>
                去结算
              </Button>
            </>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        message="确定删除所选商品？"
        loading={del.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={asking === 'clear'}
        message="确定清空购物车？"
        loading={clear.isPending}
        onConfirm={confirmClear}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'profile'}
        message="您的个人信息尚未完善，请先完善个人信息后再结算。"
        onConfirm={() => {
          // The chosen lines wait for the member on the confirm page they come back to.
          selection.persist();
          void navigate(accountPath('1-1', '/confirm'));
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
