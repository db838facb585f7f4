import { SHIPPING_CLASS_LABELS } from '@labshop/shared';
import type { OrderPreview } from '@labshop/shared/schemas';
import { ExpectedShip } from '@/components/shipping/expected-ship';
import { Price } from '@/components/ui/price';
import type { OrderTotals } from './checkout-lines';
import { Section } from './section';

const money = (v: number | null) => (v === null ? '待确认' : <Price value={v} />);

/** The order's totals as the server will charge them (the preview's), for the page's sums. */
export const previewTotals = (p: OrderPreview): OrderTotals => ({
  goods: p.goodsAmount,
  freight: p.freight,
  payable: p.amount,
});

interface PreviewState {
  hasAddress: boolean;
  preview: OrderPreview | undefined;
  pending: boolean;
  refusal: string | undefined;
}

/**
 * 包裹与运费 (docs/shipping.md, section 3): the packages the order ships in, one per shipping
 * class, with their lines, 预计发货, carriers and freight, and the freight of them all, as
 * POST /client/v1/orders/preview answers them; or the server's refusal (a region a class is
 * not sent to) in its own words.
 */
export function PackagePreview(state: PreviewState) {
  return (
    <Section title="包裹与运费">
      <div data-testid="package-preview">
        <PreviewBody {...state} />
      </div>
    </Section>
  );
}

function PreviewBody({ hasAddress, preview, pending, refusal }: PreviewState) {
  if (!hasAddress) {
    return <p className="text-sm text-gray-500">请选择收货地址，以计算包裹与运费。</p>;
  }
  if (refusal !== undefined) {
    return (
      <p className="text-sm text-red-600" role="alert" data-testid="package-refusal">
        {refusal}
      </p>
    );
  }
  if (pending || !preview) return <p className="text-sm text-gray-500">正在计算运费…</p>;
  const split = preview.packages.length > 1;
  return (
    <>
      {split && (
        <p className="mb-3 text-xs text-gray-500">
          不同运输类别的商品分开包装发货，每个包裹分别计算运费。
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {preview.packages.map((p, i) => (
          <li
            key={p.shippingClass}
            className="rounded border border-gray-200"
            data-testid="package"
            data-class={p.shippingClass}
          >
            <header className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 bg-gray-50 px-3 py-2 text-sm">
              <span className="font-medium text-gray-900">
                包裹 {i + 1} · {SHIPPING_CLASS_LABELS[p.shippingClass]}
              </span>
              <span className="text-gray-600" data-testid="package-freight">
                运费：{money(p.freight)}
              </span>
            </header>
            <ul className="divide-y divide-gray-100 px-3 text-sm">
              {p.lines.map((l) => (
                <li
                  key={l.materialId}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
                >
                  <span className="min-w-0 break-all text-gray-800">
                    {l.name} <span className="text-gray-500">{l.pack}</span>
                  </span>
                  <span className="flex items-center gap-3 text-gray-600">
                    <ExpectedShip date={l.expectedShipDate} />
                    <span>× {l.quantity}</span>
                  </span>
                </li>
              ))}
            </ul>
            <p className="border-t border-gray-100 px-3 py-2 text-xs text-gray-500">
              承运方式：{p.carriers.join('、')}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-right text-sm text-gray-600">
        {split && `共 ${preview.packages.length} 个包裹，`}运费合计：
        <strong className="text-gray-900" data-testid="package-freight-total">
          {money(preview.freight)}
        </strong>
      </p>
    </>
  );
}
