import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { PAY_TYPE_LABEL, PayStatus, formatDateTime } from '@labshop/shared';
import {
  refundBody,
  strayRefundBody,
  type ManageOrderDetail,
  type PaymentHistory,
} from '@labshop/shared/schemas';
import { mayDo, useSession } from '@/lib/session';
import { useOrderPayments } from '../api/get-order-payments';
import { useRefundOrder } from '../api/refund-order';
import { useRefundStrayPayment } from '../api/refund-stray-payment';
import { money } from '../lib/labels';
import { MoneyInput } from '@/components/money-input';
import { zodRule } from '@/lib/zod-rule';

const STATE_LABEL: Record<string, string> = {
  open: '待支付',
  paid: '已支付',
  closed: '已关闭',
  requested: '待提交',
  pending: '退款中',
  success: '退款成功',
  failed: '退款失败',
};

function RefundModal({
  orderId,
  open,
  onClose,
}: {
  orderId: number;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useRefundOrder(orderId);
  const [form] = Form.useForm<{ amount?: number | null; reason: string }>();
  return (
    <Modal
      title="原路退款"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true }}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          mutation.mutate(
            { reason: v.reason, ...(v.amount ? { amount: v.amount } : {}) },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item
          name="amount"
          label="退款金额（元，不填则退还剩余全部）"
          rules={[zodRule(refundBody.shape.amount)]}
        >
          <MoneyInput min={0.01} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="退款原因"
          rules={[{ required: true, whitespace: true, message: '请输入退款原因' }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The payment whose money paid nothing of the order, to give back in full. */
type StrayPayment = PaymentHistory['transactions'][number];

function StrayRefundModal({
  orderId,
  payment,
  onClose,
}: {
  orderId: number;
  payment: StrayPayment | null;
  onClose: () => void;
}) {
  const mutation = useRefundStrayPayment(orderId);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      title="退还未计入订单的付款"
      open={payment !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="全额原路退回"
      okButtonProps={{ danger: true }}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      {payment && (
        <Typography.Paragraph>
          {`${PAY_TYPE_LABEL[payment.payType]} 付款 ${payment.outTradeNo}（${money(payment.amount)}）到账时订单已支付、已关闭或已修改，未计入订单。将全额原路退回买家，订单本身不变。`}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          payment &&
          mutation.mutate({ transactionId: payment.id, reason: v.reason }, { onSuccess: onClose })
        }
      >
        <Form.Item name="reason" label="退款原因" rules={[zodRule(strayRefundBody.shape.reason)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** WeChat Pay / Alipay payments of the order, every gateway call and notification, refunds. */
export function GatewayPayments({ order }: { order: ManageOrderDetail }) {
  const history = useOrderPayments(order.id);
  const session = useSession();
  const [refunding, setRefunding] = useState(false);
  const [strayRefunding, setStrayRefunding] = useState<StrayPayment | null>(null);
  const data = history.data;
  const mayRefund = mayDo(session, 'order.refund');
  // The order's own refund goes back through the trade that paid it: only for an order paid online.
  const refundable =
    order.payStatus === PayStatus.PAID &&
    (data?.transactions.some((t) => t.state === 'paid' && t.payType === order.payType) ?? false) &&
    mayRefund;
  return (
    <Card
      title="线上支付与退款"
      size="small"
      loading={history.isPending}
      extra={
        refundable && (
          <Button danger size="small" onClick={() => setRefunding(true)}>
            原路退款
          </Button>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Table
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data?.transactions ?? []}
          locale={{ emptyText: '暂无线上支付' }}
          columns={[
            { title: '支付方式', dataIndex: 'payType', render: (v: number) => PAY_TYPE_LABEL[v] },
            { title: '渠道', dataIndex: 'channel' },
            { title: '商户订单号', dataIndex: 'outTradeNo' },
            { title: '渠道交易号', dataIndex: 'gatewayTradeNo' },
            { title: '金额', dataIndex: 'amount', render: money },
            {
              title: '状态',
              dataIndex: 'state',
              render: (s: string) => <Tag>{STATE_LABEL[s] ?? s}</Tag>,
            },
            {
              title: '支付时间',
              dataIndex: 'paidTime',
              render: (v: number | null) => formatDateTime(v),
            },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, t: StrayPayment) =>
                t.refundable ? (
                  <Space size="small">
                    <Tag color="orange">未计入订单</Tag>
                    {mayRefund && (
                      <Button danger size="small" onClick={() => setStrayRefunding(t)}>
                        退还此笔
                      </Button>
                    )}
                  </Space>
                ) : null,
            },
          ]}
        />
        <Table
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data?.refunds ?? []}
          locale={{ emptyText: '暂无原路退款' }}
          columns={[
            { title: '退款单号', dataIndex: 'outRefundNo' },
            { title: '金额', dataIndex: 'amount', render: money },
            {
              title: '状态',
              dataIndex: 'state',
              render: (s: string) => <Tag>{STATE_LABEL[s] ?? s}</Tag>,
            },
            {
              title: '原因',
              dataIndex: 'reason',
              render: (reason: string, r: PaymentHistory['refunds'][number]) =>
                r.stray ? `${reason}（未计入订单的付款）` : reason,
            },
            {
              title: '申请时间',
              dataIndex: 'createTime',
              render: (v: number) => formatDateTime(v),
            },
            {
              title: '完成时间',
              dataIndex: 'completeTime',
              render: (v: number | null) => formatDateTime(v),
            },
          ]}
        />
        <Table
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data?.records ?? []}
          locale={{ emptyText: '暂无渠道记录' }}
          expandable={{
            expandedRowRender: (r) => (
              <Typography.Paragraph
                code
                copyable
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {r.payload}
              </Typography.Paragraph>
            ),
          }}
          columns={[
            { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
            { title: '支付方式', dataIndex: 'payType', render: (v: number) => PAY_TYPE_LABEL[v] },
            { title: '类型', dataIndex: 'kind' },
            {
              title: '验签',
              dataIndex: 'verified',
              render: (v: boolean) =>
                v ? <Tag color="green">通过</Tag> : <Tag color="red">未通过</Tag>,
            },
            { title: '结果', dataIndex: 'outcome' },
          ]}
        />
      </Space>
      <RefundModal orderId={order.id} open={refunding} onClose={() => setRefunding(false)} />
      <StrayRefundModal
        orderId={order.id}
        payment={strayRefunding}
        onClose={() => setStrayRefunding(null)}
      />
    </Card>
  );
}
