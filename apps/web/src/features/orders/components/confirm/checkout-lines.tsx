import type { CartLine } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { GoodsLines } from '../goods-lines';
import { Section } from './section';

export interface OrderTotals {
  goods: number | null;
  freight: number | null;
  payable: number | null;
}

/** The ordered lines with their prices (合同价 or member price), then goods total, freight and payable. */
export function CheckoutLines({ lines, totals }: { lines: CartLine[]; totals: OrderTotals }) {
  return (
    <Section title="商品清单">
      <GoodsLines
        testId="checkout-lines"
        lines={lines.map((l) => ({
          id: l.id,
          productId: l.productId,
          name: l.name,
          number: l.number,
          pack: l.pack,
          brandName: l.brandName,
          // The contract price when the server answers one for the chosen organization.
          price: l.contractPrice ?? l.userPrice,
          quantity: l.quantity,
        }))}
        // A line without a member price is an inquiry item: 询价.
        unitPrice={(price) => <Price value={price} />}
        totals={[
          { label: '商品合计', value: totals.goods, testId: 'confirm-goods' },
          { label: '运费', value: totals.freight, testId: 'confirm-freight' },
          { label: '应付总额', value: totals.payable, testId: 'confirm-payable' },
        ]}
      />
      {totals.goods === null && (
        <p className="mt-2 text-right text-xs text-gray-500">
          含询价商品，价格由客服确认后通知您。
        </p>
      )}
    </Section>
  );
}
