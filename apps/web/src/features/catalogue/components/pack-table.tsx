import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { stockLabel } from '@labshop/shared';
import type { Material } from '@labshop/shared/schemas';
import { ExpectedShip } from '@/components/shipping/expected-ship';
import { Price } from '@/components/ui/price';
import { useIsLoggedIn } from '@/lib/session';
import { totalStock } from '../lib/stock';

/**
 * Member price for members (询价 when missing); visitors get a login link that comes back here.
 * A contract price (合同价) of the organization the member buys for is shown in its place, the
 * member price struck through beside it (docs/contract-prices-credit.md).
 */
function MemberPrice({ value, contract }: { value: number | null; contract?: number | undefined }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) {
    return (
      <Link
        to={`/login?redirect=${encodeURIComponent(pathname + search)}`}
        className="text-primary hover:underline"
      >
        登录查看
      </Link>
    );
  }
  if (contract !== undefined) {
    return (
      <span className="inline-flex flex-col items-end align-top sm:flex-row sm:items-baseline sm:gap-x-1">
        <span className="whitespace-nowrap">
          <span className="mr-1 rounded-sm bg-orange-50 px-1 text-xs text-orange-700">合同价</span>
          <span data-testid="contract-price">
            <Price value={contract} className="font-semibold text-orange-600" />
          </span>
        </span>
        <del className="text-xs text-gray-400" aria-label="会员价">
          <Price value={value} />
        </del>
      </span>
    );
  }
  return <Price value={value} className="font-semibold text-orange-600" />;
}

/** Renders the quantity / add-to-cart control of a pack size (supplied by the page). */
export type PackAction = (materialId: number) => ReactNode;

/**
 * 有效期至 of the lot that would ship next (docs/lots.md, "What the buyer sees"), or 以实物为准 when
 * no expiry is known. The day is shown as the server gives it (YYYY-MM-DD), never computed here.
 */
function Expiry({ value }: { value: string | null }) {
  if (!value) return <span className="text-gray-500">以实物为准</span>;
  return <span className="text-gray-700 tabular-nums">{value.slice(0, 10)}</span>;
}

/**
 * Pack sizes with stock, market and member price and the add-to-cart control; the product page
 * also shows each pack's 有效期至.
 */
export function PackTable({
  materials,
  page,
  action,
}: {
  materials: Material[];
  page: 'search' | 'product';
  action: PackAction;
}) {
  if (materials.length === 0)
    return <p className="py-3 text-sm text-gray-400">暂无规格，请联系客服询价</p>;
  const th = 'px-3 py-2 text-left font-medium whitespace-nowrap';
  // Below the sm breakpoint each row becomes a small two-column card with inline labels, so the
  // table never needs sideways scrolling on a phone.
  const label = 'mr-1 text-gray-400 sm:hidden';
  const cell = 'sm:table-cell sm:px-3 sm:py-2';
  const withExpiry = page === 'product';
  return (
    <div className="rounded border border-gray-200">
      <table className="block w-full text-sm sm:table" data-testid="pack-table">
        <thead className="hidden bg-gray-50 text-gray-500 sm:table-header-group">
          <tr>
            <th className={th}>规格</th>
            <th className={th}>库存</th>
            {withExpiry && <th className={th}>有效期至</th>}
            <th className={th}>市场价</th>
            <th className={th}>会员价</th>
            <th className={th}>数量</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-100 sm:table-row-group">
          {materials.map((m) => {
            const total = totalStock(m);
            const detail = m.stocks.map((s) => `${s.storeName}：${s.materialCount}`).join('\n');
            return (
              <tr
                key={m.id}
                className="grid grid-cols-2 items-center gap-x-3 gap-y-2 px-3 py-3 hover:bg-primary-50/50 sm:table-row sm:p-0"
              >
                <td className={`${cell} font-medium text-gray-900`}>{m.pack}</td>
                <td
                  className={`${cell} text-right whitespace-nowrap sm:text-left`}
                  title={detail || undefined}
                >
                  <span className={label}>库存</span>
                  <span className={total > 0 ? 'text-primary' : 'text-gray-500'}>
                    {stockLabel(total, page)}
                  </span>
                  <ExpectedShip date={m.expectedShipDate} className="block" />
                  {m.outOfStock && (
                    // Nothing for sale and no lead time: it cannot be ordered (docs/shipping.md).
                    <span className="block text-xs text-red-600" data-testid="out-of-stock">
                      库存不足
                    </span>
                  )}
                </td>
                {withExpiry && (
                  <td className={`${cell} col-span-2 whitespace-nowrap`} data-testid="pack-expire">
                    <span className={label}>有效期至</span>
                    <Expiry value={m.expire} />
                  </td>
                )}
                <td className={`${cell} whitespace-nowrap text-gray-500`}>
                  <span className={label}>市场价</span>
                  <Price value={m.price} />
                </td>
                <td className={`${cell} text-right whitespace-nowrap sm:text-left`}>
                  <span className={label}>会员价</span>
                  <MemberPrice value={m.userPrice} contract={m.contractPrice} />
                </td>
                <td className={`${cell} col-span-2`}>{action(m.id)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
