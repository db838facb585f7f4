import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal } from '@/components/form-modal';
import { useIssueInvoice } from '../api/issue-invoice';
import type { OrderModalProps } from '../lib/order-modal';

/** Records the fapiao issued for the order. */
export function InvoiceModal({ order, open, onClose }: OrderModalProps) {
  const mutation = useIssueInvoice(order.id);
  const [form] = Form.useForm<{ invoiceNumber: string; issuedAt: Dayjs }>();
  return (
    <FormModal
      title="登记开票"
      open={open}
      form="order-invoice"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
    >
      <Form
        name="order-invoice"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          invoiceNumber: order.invoiceNumber || undefined,
          issuedAt: order.invoiceIssuedAt ? dayjs(order.invoiceIssuedAt) : undefined,
        }}
        onFinish={(v) =>
          mutation.mutate(
            { invoiceNumber: v.invoiceNumber, issuedAt: v.issuedAt.startOf('day').valueOf() },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item
          name="invoiceNumber"
          label="发票号码"
          rules={[{ required: true, whitespace: true, message: '请输入发票号码' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="issuedAt"
          label="开票日期"
          rules={[{ required: true, message: '请选择开票日期' }]}
        >
          <DatePicker />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
