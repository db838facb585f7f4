import { useState } from 'react';
import { Alert, Button, Form, Input, Table, Tooltip, Typography } from 'antd';
import { toFen, toYuan } from '@labshop/shared';
import {
  OVERRIDE_REASON_REQUIRED,
  bankTransferBody,
  type ManageOrder,
} from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { zodRule } from '@/lib/zod-rule';
import { mayDo, useSession } from '@/lib/session';
import { useRecordBankTransfer } from '../api/record-bank-transfer';
import { money } from '../lib/labels';
import { OverrideFields } from './override-fields';

interface TransferForm {
  amount: number;
  reference: string;
  payer?: string;
  override?: boolean;
  overrideReason?: string;
}

/** An unpaid, priced bank-transfer order: what one received transfer may pay. */
const awaitsTransfer = (o: ManageOrder) =>
  o.status === 1 && o.payStatus === 1 && o.payType === 1 && o.amount !== null;

const squeeze = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * 合并确认收款 on the order list: one bank transfer that pays the selected unpaid bank-transfer
 * orders (docs/console.md, "Orders"). Finance only; offered once two or more such orders are
 * selected and nothing else is.
 */
export function MergedPaymentButton({
  orders,
  onDone,
}: {
  orders: ManageOrder[];
  onDone: () => void;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!mayDo(session, 'order.confirmPayment')) return null;
  const ready = orders.length >= 2 && orders.every(awaitsTransfer);
  const button = (
    <Button disabled={!ready} onClick={() => setOpen(true)}>
      合并确认收款{orders.length > 0 ? `（${orders.length}）` : ''}
    </Button>
  );
  return (
    <>
      {ready ? (
        button
      ) : (
        <Tooltip title="勾选两个及以上待处理、已定价的银行转账订单">{button}</Tooltip>
      )}
      {open && (
        <MergedPaymentModal
          orders={orders}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onDone();
          }}
        />
      )}
    </>
  );
}

function MergedPaymentModal({
  orders,
  onClose,
  onDone,
}: {
  orders: ManageOrder[];
  onClose: () => void;
  onDone: () => void;
}) {
  const mutation = useRecordBankTransfer();
  const [form] = Form.useForm<TransferForm>();
  const override = Form.useWatch('override', form) === true;
  const reference = Form.useWatch('reference', form) ?? '';
  const total = toYuan(orders.reduce((sum, o) => sum + toFen(o.amount ?? 0), 0));
  // The server asks for a reason when the note does not name every order (docs/payments.md).
  const unnamed = reference.trim()
    ? orders.filter((o) => !squeeze(reference).includes(squeeze(o.number)))
    : [];
  return (
    <FormModal
      title="合并确认收款"
      open
      form="merged-payment"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
      width={640}
    >
      <Table<ManageOrder>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={orders}
        columns={[
          { title: '订单号', dataIndex: 'number' },
          {
            title: '会员',
            render: (_, r) => r.member.company || r.member.name || r.member.account,
          },
          { title: '应付金额', dataIndex: 'amount', render: money },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph data-testid="merged-total">
        {orders.length} 个订单，应付合计 <Typography.Text strong>{money(total)}</Typography.Text>
      </Typography.Paragraph>
      <Form<TransferForm>
        name="merged-payment"
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          mutation.mutate(
            {
              amount: v.amount,
              reference: v.reference,
              payer: v.payer ?? '',
              orderIds: orders.map((o) => o.id),
              ...(v.override ? { overrideReason: v.overrideReason ?? '' } : {}),
            },
            { onSuccess: onDone },
          )
        }
      >
        <Form.Item
          name="amount"
          label="到账金额（元）"
          rules={[zodRule(bankTransferBody.shape.amount)]}
        >
          <MoneyInput min={0.01} />
        </Form.Item>
        <Form.Item
          name="reference"
          label="转账附言/流水号"
          rules={[zodRule(bankTransferBody.shape.reference)]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="payer" label="付款方" rules={[zodRule(bankTransferBody.shape.payer)]}>
          <Input placeholder="银行回单上的付款户名，可不填" />
        </Form.Item>
        {unnamed.length > 0 && !override && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`附言未包含订单 ${unnamed.map((o) => o.number).join('、')}，核实后可打开“备注不符，仍确认收款”并填写原因`}
          />
        )}
        <OverrideFields
          override={override}
          reasonRules={[
            { required: true, whitespace: true, message: OVERRIDE_REASON_REQUIRED },
            zodRule(bankTransferBody.shape.overrideReason),
          ]}
        />
      </Form>
    </FormModal>
  );
}
