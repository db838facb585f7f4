import { Form, Input, Typography } from 'antd';
import { FormModal } from '@/components/form-modal';
import { useCancelOrder } from '../api/cancel-order';
import { money } from '../lib/labels';
import type { OrderModalProps } from '../lib/order-modal';
import { refundableOf } from './partial-refund-modal';

/** Cancels an order that has shipped nothing; a paid one is refunded the way it was paid. */
export function CancelOrderModal({ order, open, onClose }: OrderModalProps) {
  const mutation = useCancelOrder(order.id);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal
      title="取消订单"
      open={open}
      form="order-cancel"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
      danger
    >
      {order.payStatus === 2 && (
        <Typography.Paragraph type="warning">
          {order.refundedAmount > 0
            ? `订单已部分退款 ${money(order.refundedAmount)}，取消后将按原支付方式退还其余 ${money(refundableOf(order))}。`
            : `订单已支付，取消后将按原支付方式退款 ${money(order.amount)}。`}
        </Typography.Paragraph>
      )}
      <Form
        name="order-cancel"
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => mutation.mutate(v, { onSuccess: onClose })}
      >
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[{ required: true, whitespace: true, message: '请输入取消原因' }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
