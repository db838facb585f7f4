import { Link } from 'react-router';
import { toFen, toYuan } from '@labshop/shared';
import type { CartLine } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { Section } from './section';

const money = (v: number | null) => (v === null ? '待确认' : <Price value={v} />);
const subtotal = (l: CartLine) =>
  l.userPrice === null ? null : toYuan(toFen(l.userPrice) * l.quantity);

export interface OrderTotals {
  goods: number | null;
  freight: number | null;
  payable: number | null;
}

/** The ordered lines with their member prices, then goods total, freight and payable. */
export function CheckoutLines({ lines, totals }: { lines: CartLine[]; totals: OrderTotals }) {
  return (
    <Section title="商品清单">
      <ul className="divide-y divide-gray-100" data-testid="checkout-lines">
        {lines.map((l) => (
          <li
            key={l.id}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm"
          >
            <div className="min-w-0 flex-1 basis-56">
              <Link
                to={`/products/${l.productId}`}
                className="font-medium text-gray-900 hover:text-primary"
              >
                {l.name}
              </Link>
              <p className="mt-0.5 text-xs break-all text-gray-500">
                货号：{l.number} · 规格：{l.pack}
                {l.brandName && <> · {l.brandName}</>}
              </p>
            </div>
            <div className="flex items-center gap-4 text-gray-600">
              <Price value={l.userPrice} />
              <span>× {l.quantity}</span>
              <span className="w-24 text-right font-medium text-gray-900">
                {money(subtotal(l))}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-3 ml-auto grid w-fit grid-cols-[auto_auto] gap-x-4 gap-y-1 border-t border-gray-200 pt-3 text-sm">
        <dt className="text-gray-500">商品合计</dt>
        <dd className="text-right" data-testid="confirm-goods">
          {money(totals.goods)}
        </dd>
        <dt className="text-gray-500">运费</dt>
        <dd className="text-right" data-testid="confirm-freight">
          {money(totals.freight)}
        </dd>
        <dt className="text-gray-500">应付总额</dt>
        <dd
          className="text-right text-lg font-semibold text-orange-600"
          data-testid="confirm-payable"
        >
          {money(totals.payable)}
        </dd>
      </dl>
      {totals.payable === null && (
        <p className="mt-2 text-right text-xs text-gray-500">
          含询价商品，价格由客服确认后通知您。
        </p>
      )}
    </Section>
  );
}
