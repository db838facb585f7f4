import { SHIPPING_CLASS_LABELS, type ShippingClass } from '@labshop/shared';

/*
 * 预计发货 and the shipping class as the buyer reads them (docs/shipping.md): the date is the
 * server's (YYYY-MM-DD China time), never computed in the browser.
 */

/** 预计发货 of a pack or line waiting for stock; nothing when it ships from stock. */
export function ExpectedShip({
  date,
  className = '',
}: {
  date: string | null;
  className?: string;
}) {
  if (!date) return null;
  return (
    <span
      className={`text-xs whitespace-nowrap text-amber-700 ${className}`}
      data-testid="expected-ship"
    >
      预计发货：{date}
    </span>
  );
}

/** A line's shipping class when it is not ordinary goods (危险品, 冷藏 ...). */
export function ShippingClassTag({ value }: { value: ShippingClass }) {
  if (value === 'normal') return null;
  return (
    <span
      className="rounded bg-orange-50 px-1.5 py-0.5 text-xs whitespace-nowrap text-orange-700"
      data-testid="shipping-class"
    >
      {SHIPPING_CLASS_LABELS[value]}
    </span>
  );
}
