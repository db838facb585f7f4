import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { formatDate, formatDateTime } from '@labshop/shared';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { downloadStatement, useSettle, useStatement, type StatementOrder } from '../api/statements';

function SettleModal({
  orgId,
  orders,
  onClose,
}: {
  orgId: number;
  orders: StatementOrder[];
  onClose: () => void;
}) {
  const settle = useSettle(orgId);
  const total = orders.reduce((sum, o) => sum + o.amount, 0);
  return (
    <FormModal title="登记回款" open form="settlement" saving={settle.isPending} onCancel={onClose}>
      <p>结清订单：{orders.map((o) => o.number).join('、')}</p>
      <Form<{ amount: number; reference: string }>
        name="settlement"
        layout="vertical"
        initialValues={{ amount: Math.round(total * 100) / 100 }}
        onFinish={(v) =>
          settle.mutate(
            { ...v, reference: v.reference.trim(), orderIds: orders.map((o) => o.orderId) },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item
          name="amount"
          label="回款金额（元）"
          rules={[{ required: true, message: '请输入回款金额' }]}
        >
          <MoneyInput min={0.01} />
        </Form.Item>
        <Form.Item
          name="reference"
          label="银行流水号 / 附言"
          rules={[{ required: true, whitespace: true, message: '请输入银行流水号' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** 对账单 of a month: its credit orders, payments and balance due; files and 登记回款. */
export function StatementCard({ orgId, mayFinance }: { orgId: number; mayFinance: boolean }) {
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const [selected, setSelected] = useState<number[]>([]);
  const [settling, setSettling] = useState(false);
  const statement = useStatement(orgId, month);
  const orders = statement.data?.orders ?? [];

  return (
    <Card
      title="对账单"
      size="small"
      extra={
        <Space wrap>
          <DatePicker
            picker="month"
            aria-label="月份"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => {
              if (d) setMonth(d.format('YYYY-MM'));
              setSelected([]);
            }}
          />
          <Button onClick={() => void downloadStatement(orgId, month, 'pdf')}>下载 PDF</Button>
          <Button onClick={() => void downloadStatement(orgId, month, 'xlsx')}>下载 Excel</Button>
        </Space>
      }
    >
      <Table<StatementOrder>
        rowKey="orderId"
        size="small"
        loading={statement.isFetching}
        dataSource={orders}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={
          mayFinance
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (o) => ({ disabled: o.settled }),
              }
            : undefined
        }
        columns={[
          { title: '订单号', dataIndex: 'number' },
          { title: '下单人', dataIndex: 'buyer' },
          { title: '经费卡', dataIndex: 'budgetCode' },
          { title: '下单时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          { title: '金额', dataIndex: 'amount', render: (v: number) => `￥${v.toFixed(2)}` },
          {
            title: '到期日',
            dataIndex: 'dueTime',
            render: (v: number) => formatDate(v),
          },
          {
            title: '状态',
            dataIndex: 'settled',
            render: (v: boolean) =>
              v ? <Tag color="green">已结清</Tag> : <Tag color="orange">待结算</Tag>,
          },
        ]}
      />
      <Table
        rowKey="id"
        size="small"
        style={{ marginTop: 12 }}
        dataSource={statement.data?.payments ?? []}
        pagination={false}
        locale={{ emptyText: '本月无回款' }}
        columns={[
          { title: '回款时间', dataIndex: 'time', render: (v: number) => formatDateTime(v) },
          { title: '回款金额', dataIndex: 'amount', render: (v: number) => `￥${v.toFixed(2)}` },
          { title: '流水号 / 附言', dataIndex: 'reference' },
        ]}
      />
      <Space style={{ marginTop: 12, justifyContent: 'space-between', width: '100%' }} wrap>
        <span>
          期初未结 ￥{(statement.data?.openingDue ?? 0).toFixed(2)}，本月订单 ￥
          {(statement.data?.ordersTotal ?? 0).toFixed(2)}，本月回款 ￥
          {(statement.data?.paymentsTotal ?? 0).toFixed(2)}，
          <strong>应付余额 ￥{(statement.data?.balanceDue ?? 0).toFixed(2)}</strong>
        </span>
        {mayFinance && (
          <Button type="primary" disabled={selected.length === 0} onClick={() => setSettling(true)}>
            登记回款
          </Button>
        )}
      </Space>
      {settling && (
        <SettleModal
          orgId={orgId}
          orders={orders.filter((o) => selected.includes(o.orderId))}
          onClose={() => {
            setSettling(false);
            setSelected([]);
          }}
        />
      )}
    </Card>
  );
}
