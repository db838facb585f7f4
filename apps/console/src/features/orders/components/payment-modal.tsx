import { Form, Input, Typography } from 'antd';
import { transferBody, type ManageOrderDetail } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { zodFormRule, zodRule } from '@/lib/zod-rule';
import { useConfirmPayment } from '../api/confirm-payment';
import { money } from '../lib/labels';
import { OverrideFields } from './override-fields';

interface PaymentForm {
  amount: number;
  reference?: string;
  override?: boolean;
  overrideReason?: string;
}

/**
 * Finance records the bank transfer received for the order. A statement whose note does not
 * match the order's reference (or has none) is recorded with 备注不符，仍确认收款 and a reason
 * (docs/console.md, "Orders").
 */
export function PaymentModal({
  order,
  open,
  onClose,
}: {
  order: ManageOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useConfirmPayment(order.id);
  const [form] = Form.useForm<PaymentForm>();
  const override = Form.useWatch('override', form) === true;
  return (
    <FormModal
      title="确认银行转账到账"
      open={open}
      form="order-payment"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
    >
      <Typography.Paragraph>
        应付金额 {money(order.amount)}，转账参考号{' '}
        <Typography.Text code>{order.transferReference || order.number}</Typography.Text>
      </Typography.Paragraph>
      <Form<PaymentForm>
        name="order-payment"
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          mutation.mutate(
            {
              amount: v.amount,
              reference: v.reference ?? '',
              ...(v.override ? { override: true, overrideReason: v.overrideReason ?? '' } : {}),
            },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item
          name="amount"
          label="到账金额（元）"
          rules={[zodRule(transferBody.shape.amount)]}
        >
          <MoneyInput min={0.01} />
        </Form.Item>
        <Form.Item
          name="reference"
          label="转账附言/参考号"
          required={!override}
          dependencies={['override']}
          rules={[zodRule(transferBody.shape.reference), zodFormRule(transferBody, 'reference')]}
        >
          <Input placeholder={override ? '银行回单上的附言，没有可不填' : undefined} />
        </Form.Item>
        <OverrideFields
          override={override}
          reasonRules={[
            zodRule(transferBody.shape.overrideReason),
            zodFormRule(transferBody, 'overrideReason'),
          ]}
          hint="如：附言写错或未写，已与客户核实"
        />
      </Form>
    </FormModal>
  );
}
