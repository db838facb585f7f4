import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toFen, toYuan } from '@labshop/shared';
import { Price } from '@/components/ui/price';

const money = (v: number | null) => (v === null ? '待确认' : <Price value={v} />);

export interface GoodsLine {
  id: number;
  productId: number;
  name: string;
  number: string;
  pack: string;
  /** Shown after the pack when given. */
  cas?: string;
  brandName: string;
  price: number | null;
  quantity: number;
  /** Shown under the item facts: how the line ships (its class, 预计发货). */
  note?: ReactNode;
}

export interface TotalRow {
  label: string;
  value: number | null;
  testId?: string;
}

/**
 * Ordered goods (name linking to the product, item facts, unit price × quantity and subtotal),
 * then the totals; the last total is the one to pay.
 */
export function GoodsLines({
  lines,
  unitPrice = money,
  totals,
  testId,
}: {
  lines: GoodsLine[];
  /** How a unit price shows; a missing one reads 待确认 unless this says otherwise. */
  unitPrice?: (price: number | null) => ReactNode;
  totals: TotalRow[];
  testId?: string;
}) {
  return (
    <>
      <ul className="divide-y divide-gray-100 text-sm" data-testid={testId}>
        {lines.map((l) => (
          <li
            key={l.id}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3"
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
                {l.cas && <> · CAS：{l.cas}</>}
                {l.brandName && <> · {l.brandName}</>}
              </p>
              {l.note && <div className="mt-1 flex flex-wrap items-center gap-2">{l.note}</div>}
            </div>
            <div className="flex items-center gap-4 text-gray-600">
              {unitPrice(l.price)}
              <span>× {l.quantity}</span>
              <span className="w-24 text-right font-medium text-gray-900">
                {money(l.price === null ? null : toYuan(toFen(l.price) * l.quantity))}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-3 ml-auto grid w-fit grid-cols-[auto_auto] gap-x-4 gap-y-1 border-t border-gray-200 pt-3 text-sm">
        {totals.map((t, i) => (
          <Fragment key={t.label}>
            <dt className="text-gray-500">{t.label}</dt>
            <dd
              className={
                i === totals.length - 1
                  ? 'text-right text-lg font-semibold text-orange-600'
                  : 'text-right'
              }
              data-testid={t.testId}
            >
              {money(t.value)}
            </dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}
