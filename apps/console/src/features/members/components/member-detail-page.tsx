import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  Tag,
} from 'antd';
import {
  BALANCE_BUSINESS_LABEL,
  BALANCE_TYPE_LABEL,
  INVOICE_TYPE_LABEL,
  ORDER_STATUS_LABEL,
  PAY_TYPE_LABEL,
  formatDateTime,
} from '@labshop/shared';
import { balanceAdjustBody, type MemberDetail } from '@labshop/shared/schemas';
import { can, mayDo, useSession } from '@/lib/session';
import { useAdjustBalance } from '../api/adjust-balance';
import { useMember } from '../api/get-member';
import { useSetMemberStatus } from '../api/set-member-status';
import { MoneyInput } from '@/components/money-input';
import { zodRule } from '@/lib/zod-rule';

const yuan = (v: number | null) => (v === null ? '待确认' : `￥${v.toFixed(2)}`);

function regionText(text: string): string {
  try {
    const r = JSON.parse(text) as Record<string, { value?: string } | undefined>;
    return ['province', 'city', 'area', 'town']
      .map((k) => r[k]?.value ?? '')
      .filter(Boolean)
      .join(' ');
  } catch {
    return '';
  }
}

function BalanceModal({
  member,
  open,
  onClose,
}: {
  member: MemberDetail;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useAdjustBalance(member.id);
  const [form] = Form.useForm<{ amount: number; remark: string }>();
  return (
    <Modal
      title="调整余额"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <p>当前余额 ￥{member.balance.toFixed(2)}；正数增加，负数扣减，调整后不能小于 0。</p>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => mutation.mutate(v, { onSuccess: onClose })}
      >
        <Form.Item
          name="amount"
          label="调整金额（元）"
          rules={[zodRule(balanceAdjustBody.shape.amount)]}
        >
          <MoneyInput />
        </Form.Item>
        <Form.Item name="remark" label="调整原因" rules={[zodRule(balanceAdjustBody.shape.remark)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const member = useMember(id);
  const session = useSession();
  const status = useSetMemberStatus(id);
  const { modal } = App.useApp();
  const [balanceOpen, setBalanceOpen] = useState(false);
  if (member.isPending) return <Spin />;
  if (!member.data)
    return (
      <Result status="404" title="会员不存在" extra={<Link to="/members">返回会员列表</Link>} />
    );
  const m = member.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={
          <Space>
            <Link to="/members">会员管理</Link>/<span>{m.name || m.account}</span>
            {m.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>}
          </Space>
        }
        extra={
          <Space>
            {mayDo(session, 'member.balance') && (
              <Button type="primary" onClick={() => setBalanceOpen(true)}>
                调整余额
              </Button>
            )}
            {can(session, 'members') && (
              <Button
                danger={!m.disabled}
                onClick={() =>
                  void modal.confirm({
                    title: m.disabled
                      ? '确认启用该会员？'
                      : '确认停用该会员？停用后其登录状态立即失效。',
                    onOk: () => status.mutateAsync(!m.disabled),
                  })
                }
              >
                {m.disabled ? '启用' : '停用'}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label="账号">{m.account}</Descriptions.Item>
          <Descriptions.Item label="手机号">{m.phone || '--'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{m.email || '--'}</Descriptions.Item>
          <Descriptions.Item label="姓名">{m.name || '--'}</Descriptions.Item>
          <Descriptions.Item label="公司">{m.company || '--'}</Descriptions.Item>
          <Descriptions.Item label="座机">{m.telephone || '--'}</Descriptions.Item>
          <Descriptions.Item label="余额">
            <span data-testid="member-balance">￥{m.balance.toFixed(2)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatDateTime(m.createTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="发票信息" size="small">
        {m.invoice ? (
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label="发票类型">
              {INVOICE_TYPE_LABEL[m.invoice.invoiceType]}
            </Descriptions.Item>
            <Descriptions.Item label="抬头">{m.invoice.invoiceHeader}</Descriptions.Item>
            <Descriptions.Item label="纳税人识别号">{m.invoice.taxpayerNumber}</Descriptions.Item>
            <Descriptions.Item label="收票邮箱">{m.invoice.invoiceEmail}</Descriptions.Item>
            <Descriptions.Item label="开户银行">{m.invoice.bankName || '--'}</Descriptions.Item>
            <Descriptions.Item label="银行账号">{m.invoice.bankAccount || '--'}</Descriptions.Item>
          </Descriptions>
        ) : (
          '未设置发票'
        )}
      </Card>
      <Card title="收货地址" size="small">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={m.addresses}
          locale={{ emptyText: '暂无收货信息' }}
          columns={[
            { title: '收货人', dataIndex: 'name' },
            { title: '手机号', dataIndex: 'phone' },
            { title: '地区', dataIndex: 'region', render: regionText },
            { title: '详细地址', dataIndex: 'address' },
            { title: '默认', dataIndex: 'isDefault', render: (d: boolean) => (d ? '是' : '') },
          ]}
        />
      </Card>
      <Card title="最近订单" size="small">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={m.orders}
          columns={[
            {
              title: '订单号',
              dataIndex: 'number',
              render: (v: string, r) => <Link to={`/orders/${r.id}`}>{v}</Link>,
            },
            { title: '金额', dataIndex: 'amount', render: yuan },
            { title: '状态', dataIndex: 'status', render: (v: number) => ORDER_STATUS_LABEL[v] },
            { title: '支付方式', dataIndex: 'payType', render: (v: number) => PAY_TYPE_LABEL[v] },
            {
              title: '下单时间',
              dataIndex: 'createTime',
              render: (v: number) => formatDateTime(v),
            },
          ]}
        />
      </Card>
      <Card title="余额明细" size="small">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={m.ledger}
          columns={[
            { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
            { title: '收支', dataIndex: 'type', render: (v: number) => BALANCE_TYPE_LABEL[v] },
            {
              title: '业务',
              dataIndex: 'business',
              render: (v: number) => BALANCE_BUSINESS_LABEL[v],
            },
            { title: '金额', dataIndex: 'amount', render: yuan },
            { title: '余额', dataIndex: 'balanceAfter', render: yuan },
            { title: '备注', dataIndex: 'remark' },
          ]}
        />
      </Card>
      <BalanceModal member={m} open={balanceOpen} onClose={() => setBalanceOpen(false)} />
    </Space>
  );
}
