import { useState } from 'react';
import { Button, Form, InputNumber, Space, Table, Typography } from 'antd';
import { freightFen, toFen, toYuan } from '@labshop/shared';
import { orderEditBody, type ManageOrderDetail } from '@labshop/shared/schemas';
import { useEditOrder } from '../api/edit-order';
import { money } from '../lib/labels';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { mayDo, useSession } from '@/lib/session';
import { zodProblem, zodRule } from '@/lib/zod-rule';

type Line = ManageOrderDetail['goodsList'][number];
interface EditValues {
  lines: Record<string, { quantity?: number | null; price?: number | null }>;
  freight?: number | null;
}

const lineSchema = orderEditBody.shape.goods.element.shape;

/**
 * What the edit would cost by the shop's rules (docs/product-rules.md section 9), while every
 * kept line has a valid price and quantity; null otherwise. Only a preview: the server computes
 * the totals it saves and the detail shows them.
 */
export function previewTotal(
  lines: { quantity: unknown; price: unknown }[],
  freight: unknown,
): number | null {
  if (lines.length === 0) return null;
  let goods = 0;
  for (const l of lines) {
    if (zodProblem(lineSchema.quantity, l.quantity) || zodProblem(lineSchema.price, l.price)) {
      return null;
    }
    goods += toFen(l.price as number) * (l.quantity as number);
  }
  const given = freight === null || freight === undefined ? undefined : freight;
  if (given !== undefined && zodProblem(orderEditBody.shape.freight, given)) return null;
  return toYuan(goods + (given === undefined ? freightFen(goods) : toFen(given as number)));
}

/**
 * 修改订单 of an unpaid order (staff with `orders`): each line's quantity (at most what was
 * ordered), unit price and 删除, the freight (empty: the shop's rule) and the new total previewed.
 * Raising a quantity or adding a product is a new order the buyer places (docs/console.md).
 */
export function EditOrderButton({ order }: { order: ManageOrderDetail }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (order.status !== 1 || order.payStatus !== 1 || !mayDo(session, 'order.edit')) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>修改订单</Button>
      {open && <EditOrderModal order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function EditOrderModal({ order, onClose }: { order: ManageOrderDetail; onClose: () => void }) {
  const mutation = useEditOrder(order.id);
  const [form] = Form.useForm<EditValues>();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  // The order as the dialog was filled from: a change by someone else meanwhile is refused.
  const [version] = useState(order.version);
  const lines = Form.useWatch('lines', form);
  const freight = Form.useWatch('freight', form);
  const kept = order.goodsList.filter((g) => !removed.has(g.id));
  const total = previewTotal(
    kept.map((g) => ({
      quantity: lines?.[g.id]?.quantity ?? undefined,
      price: lines?.[g.id]?.price ?? undefined,
    })),
    freight,
  );
  const toggle = (id: number) =>
    setRemoved((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = (v: EditValues) =>
    mutation.mutate(
      {
        goods: kept.map((g) => ({
          orderGoodsId: g.id,
          quantity: v.lines[g.id]?.quantity ?? 0,
          price: v.lines[g.id]?.price ?? 0,
        })),
        ...(v.freight === null || v.freight === undefined ? {} : { freight: v.freight }),
        version,
      },
      { onSuccess: onClose },
    );

  const columns = [
    {
      title: '商品',
      key: 'name',
      render: (_: unknown, g: Line) => (
        <Typography.Text delete={removed.has(g.id)}>
          {g.name} {g.pack}
          <Typography.Text type="secondary"> （原 {g.quantityPurchase} 件）</Typography.Text>
        </Typography.Text>
      ),
    },
    {
      title: '数量',
      key: 'quantity',
      width: 120,
      render: (_: unknown, g: Line) => (
        <Form.Item
          name={['lines', String(g.id), 'quantity']}
          initialValue={g.quantityPurchase}
          rules={removed.has(g.id) ? [] : [zodRule(lineSchema.quantity)]}
          style={{ margin: 0 }}
        >
          <InputNumber<number>
            min={1}
            max={g.quantityPurchase}
            disabled={removed.has(g.id)}
            aria-label={`${g.name} 数量`}
          />
        </Form.Item>
      ),
    },
    {
      title: '单价（元）',
      key: 'price',
      width: 150,
      render: (_: unknown, g: Line) => (
        <Form.Item
          name={['lines', String(g.id), 'price']}
          initialValue={g.price ?? undefined}
          rules={removed.has(g.id) ? [] : [zodRule(lineSchema.price)]}
          style={{ margin: 0 }}
        >
          <MoneyInput min={0.01} disabled={removed.has(g.id)} aria-label={`${g.name} 单价`} />
        </Form.Item>
      ),
    },
    {
      title: '',
      key: 'remove',
      width: 70,
      render: (_: unknown, g: Line) => (
        <Button
          type="link"
          danger={!removed.has(g.id)}
          // At least one line stays: the last one cannot be removed.
          disabled={!removed.has(g.id) && kept.length === 1}
          onClick={() => toggle(g.id)}
        >
          {removed.has(g.id) ? '恢复' : '删除'}
        </Button>
      ),
    },
  ];

  return (
    <FormModal
      title="修改订单"
      open
      form="order-edit"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="保存修改"
      width={760}
    >
      <Typography.Paragraph type="secondary">
        只能减少数量或删除商品；增加数量或添加商品请让买家另行下单。保存后买家按新的金额付款，
        已发起的在线支付会关闭。
      </Typography.Paragraph>
      <Form name="order-edit" form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Table<Line>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={order.goodsList}
          columns={columns}
        />
        <Form.Item
          name="freight"
          label="运费（元，留空按商城规则计算）"
          rules={[zodRule(orderEditBody.shape.freight)]}
          style={{ marginTop: 16 }}
        >
          <MoneyInput min={0} placeholder={`现为 ${money(order.freight)}`} />
        </Form.Item>
      </Form>
      <Space>
        <span>原应付 {money(order.amount)}</span>
        <span data-testid="order-edit-total">
          修改后应付 {total === null ? '--' : money(total)}（以保存结果为准）
        </span>
      </Space>
    </FormModal>
  );
}
