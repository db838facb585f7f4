import { Spinner } from '@/components/ui/spinner';
import { useDeliveries } from '../api/get-deliveries';
import { parseTrack } from '../lib/track';
import type { Shipment } from '@labshop/shared/schemas';

function Track({ text }: { text: string }) {
  const items = parseTrack(text);
  if (items.length === 0) return <p className="text-sm text-gray-400">暂无物流信息</p>;
  return (
    <ol className="relative ml-1.5 border-l border-gray-200" data-testid="track">
      {items.map((t, i) => (
        <li key={i} className="relative pb-3 pl-4 last:pb-0">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[5px] h-2.5 w-2.5 rounded-full ${i === 0 ? 'bg-primary' : 'bg-gray-300'}`}
          />
          <p className={`text-sm ${i === 0 ? 'text-gray-900' : 'text-gray-600'}`}>{t.context}</p>
          {t.ftime && <p className="text-xs text-gray-400">{t.ftime}</p>}
        </li>
      ))}
    </ol>
  );
}

type ShippedGoods = Shipment['goods'][number];

/**
 * The lot a goods line shipped from (docs/lots.md, "What the buyer sees"): 批号, 有效期至 and a link
 * to the lot's certificate when one is on file. Lines shipped before lots carry no lot: nothing.
 */
function LotLine({ goods }: { goods: ShippedGoods }) {
  if (!goods.lotNumber) return null;
  return (
    <p className="mt-0.5 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-gray-600">
      <span className="break-all">批号 {goods.lotNumber}</span>
      {goods.expire && <span className="whitespace-nowrap">有效期至 {goods.expire}</span>}
      {goods.coaUrl ? (
        <a
          href={goods.coaUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="whitespace-nowrap text-primary hover:underline"
        >
          查看证书
        </a>
      ) : null}
    </p>
  );
}

function Package({ shipment, index }: { shipment: Shipment; index: number }) {
  return (
    <div className="rounded border border-gray-200 p-3" data-testid="package">
      <p className="mb-2 flex flex-wrap gap-x-4 text-sm">
        <strong className="text-gray-900">包裹 {index + 1}</strong>
        {shipment.company && <span className="text-gray-600">{shipment.company}</span>}
        {shipment.trackingNumber && (
          <span className="break-all text-gray-600">运单号：{shipment.trackingNumber}</span>
        )}
      </p>
      {shipment.goods.length > 0 && (
        <ul className="mb-3 space-y-1.5 text-xs text-gray-500">
          {shipment.goods.map((g, i) => (
            // One order line may ship as several goods lines, one per lot: the id repeats.
            <li key={`${g.id}-${g.lotNumber ?? ''}-${i}`} data-testid="package-goods">
              <p className="break-all">
                {g.name} · {g.pack} · 发货 {g.quantityShipped}
                {g.stocks.length > 0 && <> （{g.stocks.map((s) => s.storeName).join('、')}）</>}
              </p>
              <LotLine goods={g} />
            </li>
          ))}
        </ul>
      )}
      <Track text={shipment.track} />
    </div>
  );
}

/** Packages of a shipped order with their tracks; 暂无物流信息 when there are none yet. */
export function Logistics({ orderId }: { orderId: number }) {
  const deliveries = useDeliveries(orderId, true);
  return (
    <section className="rounded border border-gray-200 bg-white" data-testid="logistics">
      <h2 className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">物流信息</h2>
      <div className="flex flex-col gap-3 p-4">
        {deliveries.isPending ? (
          <Spinner />
        ) : !deliveries.data || deliveries.data.length === 0 ? (
          <p className="py-4 text-center text-sm text-gray-400">暂无物流信息</p>
        ) : (
          deliveries.data.map((s, i) => <Package key={s.id} shipment={s} index={i} />)
        )}
      </div>
    </section>
  );
}
