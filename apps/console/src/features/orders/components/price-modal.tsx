import { useState } from 'react';
import { Form } from 'antd';
import { pricesBody, type ManageOrderDetail } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { zodRule } from '@/lib/zod-rule';
import { usePriceOrder } from '../api/price-order';
import type { OrderModalProps } from '../lib/order-modal';

const linePrice = pricesBody.shape.goods.element.shape.price;

/** Prices every line of a 待确认 order. */
export function PriceModal({ order, open, onClose }: OrderModalProps) {
  const mutation = usePriceOrder(order.id);
  return (
    <FormModal
      title="订单定价"
      open={open}
      form="order-prices"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
      width={640}
    >
      <PriceForm order={order} mutation={mutation} onClose={onClose} />
    </FormModal>
  );
}

/** The pricing form, made anew at each opening (FormModal drops it on close). */
function PriceForm({
  order,
  mutation,
  onClose,
}: {
  order: ManageOrderDetail;
  mutation: ReturnType<typeof usePriceOrder>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ prices: Record<string, number>; freight?: number | null }>();
  // The order as this form was filled from: a change by someone else meanwhile is refused.
  const [version] = useState(order.version);
  return (
    <Form
      name="order-prices"
      form={form}
      layout="vertical"
      preserve={false}
      onFinish={(v) =>
        mutation.mutate(
          {
            goods: order.goodsList.map((g) => ({
              orderGoodsId: g.id,
              price: v.prices[g.id] ?? 0,
            })),
            ...(v.freight === null || v.freight === undefined ? {} : { freight: v.freight }),
            version,
          },
          { onSuccess: onClose },
        )
      }
    >
      {order.goodsList.map((g) => (
        <Form.Item
          key={g.id}
          name={['prices', String(g.id)]}
          label={`${g.name} ${g.pack} × ${g.quantityPurchase}（单价，元）`}
          initialValue={g.price ?? undefined}
          rules={[zodRule(linePrice)]}
        >
          <MoneyInput min={0.01} />
        </Form.Item>
      ))}
      <Form.Item
        name="freight"
        label="运费（元，留空按商城规则计算）"
        rules={[zodRule(pricesBody.shape.freight)]}
      >
        <MoneyInput min={0} />
      </Form.Item>
    </Form>
  );
}
