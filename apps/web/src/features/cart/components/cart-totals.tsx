import type { CartLine } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { useCartFreight, type CartFreight } from '../api/cart-freight';
import { goodsTotal } from '../lib/totals';

const money = (v: number | null) => (v === null ? '待确认' : <Price value={v} />);

/** 运费 and 应付总额 as the cart shows them: the server's preview, or why there is none. */
export function freightFigures(
  freight: CartFreight,
  goods: number | null,
): { freight: React.ReactNode; payable: React.ReactNode; note: string | null } {
  switch (freight.state) {
    case 'none':
      return { freight: money(0), payable: money(0), note: null };
    case 'priced':
      return {
        freight: money(freight.preview.freight),
        payable: money(freight.preview.amount),
        note: '运费按默认收货地址计算，以确认订单页为准',
      };
    case 'no-address':
      return {
        freight: '下单时按包裹计算',
        payable: goods === null ? '待确认' : <>{money(goods)}（不含运费）</>,
        note: null,
      };
    case 'pending':
      return { freight: '计算中…', payable: '计算中…', note: null };
    case 'refused':
      return { freight: '—', payable: '—', note: freight.message };
  }
}

/**
 * 商品合计, 运费 and 应付总额 of the chosen lines: the goods at the lines' prices, the freight and
 * payable the server's (docs/shipping.md, section 3), never a rule of the browser's.
 */
export function CartTotals({ chosen }: { chosen: readonly CartLine[] }) {
  const goods = goodsTotal(chosen);
  const figures = freightFigures(useCartFreight(chosen), goods);
  return (
    <div className="flex flex-col items-end gap-1">
      <dl className="grid grid-cols-[auto_auto] gap-x-2 text-gray-600" data-testid="cart-totals">
        <dt>商品合计：</dt>
        <dd className="text-right" data-testid="cart-goods">
          {money(goods)}
        </dd>
        <dt>运费：</dt>
        <dd className="text-right" data-testid="cart-freight">
          {figures.freight}
        </dd>
        <dt>应付总额：</dt>
        <dd className="text-right text-lg font-semibold text-orange-600" data-testid="cart-payable">
          {figures.payable}
        </dd>
      </dl>
      {figures.note && (
        <p
          className={`text-xs ${figures.freight === '—' ? 'text-red-600' : 'text-gray-400'}`}
          role={figures.freight === '—' ? 'alert' : undefined}
          data-testid="cart-freight-note"
        >
          {figures.note}
        </p>
      )}
    </div>
  );
}

/**
 * In a PunchOut session the whole cart goes back to the buyer's system, which places the order
 * (docs/punchout.md): the total of every line, whatever is ticked; freight comes with the order.
 */
export function ReturnedCartTotal({ lines }: { lines: readonly CartLine[] }) {
  return (
    <div className="flex flex-col items-end gap-1">
      <dl className="grid grid-cols-[auto_auto] gap-x-2 text-gray-600" data-testid="cart-totals">
        <dt>返回商品合计：</dt>
        <dd
          className="text-right text-lg font-semibold text-orange-600"
          data-testid="cart-returned-total"
        >
          {money(goodsTotal(lines))}
        </dd>
      </dl>
      <p className="text-xs text-gray-400">
        整个购物车（{lines.length} 种商品）将返回采购系统，运费随采购订单计算
      </p>
    </div>
  );
}
