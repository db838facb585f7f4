import { useState } from 'react';
import { Button, Card, Form, Input, Table, Typography } from 'antd';
import { OrderStatus, PayStatus, PayType, formatDateTime, toFen, toYuan } from '@labshop/shared';
import { refundBody, type ManageOrderDetail } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { mayDo, useSession } from '@/lib/session';
import { zodRule } from '@/lib/zod-rule';
import { usePartialRefund } from '../api/partial-refund';
import { money } from '../lib/labels';

/** Statuses of a paid order that may be refunded in part: 待发货, 运输中, 已完成. */
const REFUNDABLE_STATUSES: number[] = [
  OrderStatus.AWAITING_SHIPMENT,
  OrderStatus.SHIPPING,
  OrderStatus.COMPLETED,
];
/** Balance and bank transfer: the shop gives the money back itself (gateways have 原路退款). */
const SHOP_REFUNDED: number[] = [PayType.BALANCE, PayType.BANK_TRANSFER];

/** What may still go back, in yuan: paid less what was refunded. */
export const refundableOf = (o: ManageOrderDetail) =>
  toYuan(toFen(o.amount ?? 0) - toFen(o.refundedAmount));

/**
 * 部分退款 of a paid balance or bank-transfer order (docs/console.md, "Orders"), for staff with
 * `refunds`: part of what was paid goes back to the balance, or is recorded as a bank refund
 * finance pays out.
 */
export function PartialRefundButton({ order }: { order: ManageOrderDetail }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const eligible =
    order.payStatus === PayStatus.PAID &&
    REFUNDABLE_STATUSES.includes(order.status) &&
    SHOP_REFUNDED.includes(order.payType) &&
    refundableOf(order) > 0;
  if (!eligible || !mayDo(session, 'order.refund')) return null;
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        部分退款
      </Button>
      {open && <PartialRefundModal order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function PartialRefundModal({ order, onClose }: { order: ManageOrderDetail; onClose: () => void }) {
  const mutation = usePartialRefund(order.id, order.member.id);
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const refundable = refundableOf(order);
  return (
    <FormModal
      title="部分退款"
      open
      form="order-partial-refund"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确认退款"
      danger
    >
      <Typography.Paragraph data-testid="refundable-amount">
        {`可退金额 ${money(refundable)}（实付 ${money(order.amount)}，已退 ${money(order.refundedAmount)}）`}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {order.payType === PayType.BALANCE
          ? '退款金额将立即退回会员余额。'
          : '将登记一笔银行转账退款，由财务按此金额转账退回买家。'}
        {order.status === OrderStatus.AWAITING_SHIPMENT && '未发货的订单全额退款请使用“取消订单”。'}
      </Typography.Paragraph>
      <Form
        name="order-partial-refund"
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => mutation.mutate(v, { onSuccess: onClose })}
      >
        <Form.Item
          name="amount"
          label="退款金额（元）"
          rules={[
            { required: true, message: '请输入退款金额' },
            zodRule(refundBody.shape.amount),
            {
              validator: (_, v: number | null | undefined) =>
                typeof v === 'number' && v > refundable
                  ? Promise.reject(new Error('退款金额超出可退金额'))
                  : Promise.resolve(),
            },
          ]}
        >
          <MoneyInput min={0.01} />
        </Form.Item>
        <Form.Item name="reason" label="退款原因" rules={[zodRule(refundBody.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The order's refunds, the shop's and the gateways', with their sum. */
export function OrderRefunds({ order }: { order: ManageOrderDetail }) {
  if (order.refunds.length === 0) return null;
  return (
    <Card
      title="退款记录"
      size="small"
      extra={
        <span data-testid="refunded-amount">{`已退款合计 ${money(order.refundedAmount)}`}</span>
      }
    >
      <Table
        scroll={{ x: 'max-content' }}
        size="small"
        rowKey={(r) => `${r.createTime}|${r.amount}|${r.reason}`}
        pagination={false}
        dataSource={order.refunds}
        columns={[
          { title: '退款金额', dataIndex: 'amount', render: money },
          { title: '退款原因', dataIndex: 'reason' },
          { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
}
