import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  App,
} from 'antd';
import {
  INVOICE_TYPE_LABEL,
  ORDER_STATUS_LABEL,
  PAY_STATUS_LABEL,
  PAY_TYPE_LABEL,
  formatDate,
  formatDateTime,
  auditActionLabel,
  cancelActionOf,
  regionNamesOf,
  InvoiceType,
} from '@labshop/shared';
import { useDivisions } from '@/hooks/use-divisions';
import { usePhoneScreen } from '@/hooks/use-phone-screen';
import { mayDo, useSession } from '@/lib/session';
import { FapiaoModal } from './fapiao-modal';
import { useOrder } from '../api/get-order';
import { useCompleteOrder } from '../api/complete-order';
import { STATUS_COLOR, money } from '../lib/labels';
import { AuditChanges } from '@/components/audit-changes';
import { GatewayPayments } from './gateway-payments';
import { EditOrderButton } from './order-edit-modal';
import { PaymentModal } from './payment-modal';
import { PackageCard } from './package-card';
import { PaymentNote } from './payment-note';
import { OrgApprovalCard } from './org-approval-card';
import { OrderRefunds, PartialRefundButton } from './partial-refund-modal';
import { useModal } from '../lib/order-modal';
import { CancelDeliveryModal } from './cancel-delivery-modal';
import { CancelOrderModal } from './cancel-order-modal';
import { InvoiceModal } from './invoice-modal';
import { PriceModal } from './price-modal';
import { ShipModal } from './ship-modal';
import { TrackModal } from './track-modal';

type ModalName = 'payment' | 'price' | 'ship' | 'cancel' | 'invoice' | 'fapiao';

export default function OrderDetailPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const divisions = useDivisions();
  const session = useSession();
  const modal = useModal<ModalName>();
  const [trackFor, setTrackFor] = useState<number | null>(null);
  const [cancelFor, setCancelFor] = useState<number | null>(null);
  const complete = useCompleteOrder(id);
  const { modal: confirm } = App.useApp();
  const phone = usePhoneScreen();

  if (order.isPending) return <Spin />;
  if (!order.data)
    return (
      <Result status="404" title="订单不存在" extra={<Link to="/orders">返回订单列表</Link>} />
    );
  const o = order.data;
  const unpaid = o.status === 1 && o.payStatus === 1;
  const actions = [
    unpaid && o.amount === null && mayDo(session, 'order.price') && (
      <Button key="price" type="primary" onClick={() => modal.show('price')}>
        定价
      </Button>
    ),
    <EditOrderButton key="edit" order={o} />,
    unpaid && o.payType === 1 && o.amount !== null && mayDo(session, 'order.confirmPayment') && (
      <Button key="payment" type="primary" onClick={() => modal.show('payment')}>
        确认收款
      </Button>
    ),
    (o.status === 2 || o.status === 3) &&
      o.goodsList.some((g) => g.quantityShipped < g.quantityPurchase) &&
      mayDo(session, 'order.ship') && (
        <Button key="ship" type="primary" onClick={() => modal.show('ship')}>
          发货
        </Button>
      ),
    o.status === 3 && mayDo(session, 'order.complete') && (
      <Button
        key="complete"
        onClick={() =>
          void confirm.confirm({ title: '确认完成该订单？', onOk: () => complete.mutateAsync() })
        }
      >
        完成订单
      </Button>
    ),
    o.invoiceType !== InvoiceType.NONE &&
      o.payStatus === 2 &&
      o.status !== 5 &&
      mayDo(session, 'order.invoice') && (
        <Button key="invoice" onClick={() => modal.show('invoice')}>
          登记开票
        </Button>
      ),
    o.payStatus === 2 && o.status !== 5 && mayDo(session, 'order.fapiao') && (
      <Button key="fapiao" onClick={() => modal.show('fapiao')}>
        上传电子发票
      </Button>
    ),
    <PartialRefundButton key="refund" order={o} />,
    // Cancelling a paid order refunds it: finance's button, not the operator's.
    (o.status === 1 || o.status === 2) && mayDo(session, cancelActionOf(o.payStatus === 2)) && (
      <Button key="cancel" danger onClick={() => modal.show('cancel')}>
        取消订单
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={
          <Space wrap>
            <Link to="/orders">订单管理</Link>/<span data-testid="order-number">{o.number}</span>
            <Tag color={STATUS_COLOR[o.status]} data-testid="order-status">
              {ORDER_STATUS_LABEL[o.status]}
            </Tag>
          </Space>
        }
        // On a phone the buttons go under the title, which they would otherwise cover.
        extra={phone ? undefined : <Space>{actions}</Space>}
      >
        {phone && actions.length > 0 && (
          <Space wrap style={{ marginBottom: 12 }}>
            {actions}
          </Space>
        )}
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          {o.poNumber && <Descriptions.Item label="采购单号">{o.poNumber}</Descriptions.Item>}
          <Descriptions.Item label="支付方式">{PAY_TYPE_LABEL[o.payType]}</Descriptions.Item>
          <Descriptions.Item label="支付状态">{PAY_STATUS_LABEL[o.payStatus]}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatDateTime(o.createTime)}</Descriptions.Item>
          <Descriptions.Item label="商品金额">{money(o.goodsAmount)}</Descriptions.Item>
          <Descriptions.Item label="运费">{money(o.freight)}</Descriptions.Item>
          <Descriptions.Item label="应付金额">{money(o.amount)}</Descriptions.Item>
          <Descriptions.Item label="转账参考号">{o.transferReference || '--'}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{formatDateTime(o.paidAt)}</Descriptions.Item>
          <Descriptions.Item label="买家留言">{o.userRemark || '--'}</Descriptions.Item>
          {o.status === 5 && (
            <Descriptions.Item label="取消原因">{o.cancelReason || '--'}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>

      <OrgApprovalCard order={o} />

      <Card title="买家与收货信息" size="small">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label="会员">
            <Link to={`/members/${o.member.id}`}>{o.member.name || o.member.account}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="会员手机">{o.member.phone || '--'}</Descriptions.Item>
          <Descriptions.Item label="公司">{o.member.company || '--'}</Descriptions.Item>
          <Descriptions.Item label="收货人">{o.deliveryUsername}</Descriptions.Item>
          <Descriptions.Item label="收货手机">{o.deliveryPhone}</Descriptions.Item>
          <Descriptions.Item label="收货地区">
            <span data-testid="delivery-region">
              {regionNamesOf(o.deliveryRegionCode, divisions.data) || o.deliveryRegionCode}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="详细地址" span="filled">
            {o.deliveryAddress}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="发票信息" size="small">
        {o.invoiceType === InvoiceType.NONE ? (
          <Typography.Text type="secondary">不开发票</Typography.Text>
        ) : (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label="发票类型">
              {INVOICE_TYPE_LABEL[o.invoiceType]}
            </Descriptions.Item>
            <Descriptions.Item label="发票抬头">{o.invoiceCompanyName}</Descriptions.Item>
            <Descriptions.Item label="纳税人识别号">
              {o.invoiceTaxpayerIdentificationNumber}
            </Descriptions.Item>
            <Descriptions.Item label="收票邮箱">{o.invoiceEmail}</Descriptions.Item>
            <Descriptions.Item label="注册地址">
              {o.invoiceRegisteredAddress || '--'}
            </Descriptions.Item>
            <Descriptions.Item label="注册电话">
              {o.invoiceRegistrationTelephone || '--'}
            </Descriptions.Item>
            <Descriptions.Item label="开户银行">{o.invoiceDepositBank || '--'}</Descriptions.Item>
            <Descriptions.Item label="银行账号">
              {o.invoiceBankAccountNumber || '--'}
            </Descriptions.Item>
            <Descriptions.Item label="发票号码">{o.invoiceNumber || '未开票'}</Descriptions.Item>
            <Descriptions.Item label="开票日期">
              {o.invoiceIssuedAt ? formatDate(o.invoiceIssuedAt) : '--'}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>

      <Card title="商品" size="small">
        <Table
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.goodsList}
          columns={[
            { title: '商品', dataIndex: 'name' },
            { title: '货号', dataIndex: 'number' },
            { title: 'CAS', dataIndex: 'cas' },
            { title: '规格', dataIndex: 'pack' },
            { title: '单价', dataIndex: 'price', render: money },
            { title: '数量', dataIndex: 'quantityPurchase' },
            { title: '已发货', dataIndex: 'quantityShipped' },
            {
              // Which lines wait for stock and till when (docs/shipping.md, "Lead times").
              title: '预计发货',
              key: 'expectedShipDate',
              render: (_: unknown, g: { id: number }) =>
                o.lineShipping.find((s) => s.goodsId === g.id)?.expectedShipDate ?? '—',
            },
          ]}
        />
      </Card>

      <Card title="收退款记录" size="small">
        <Table
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.payments}
          locale={{ emptyText: '暂无记录' }}
          columns={[
            {
              title: '类型',
              dataIndex: 'kind',
              render: (k: number) => (k === 1 ? '收款' : '退款'),
            },
            { title: '支付方式', dataIndex: 'payType', render: (v: number) => PAY_TYPE_LABEL[v] },
            { title: '金额', dataIndex: 'amount', render: money },
            { title: '参考号/原因', dataIndex: 'reference' },
            {
              title: '说明',
              render: (_, p) => <PaymentNote payment={p} orderId={o.id} />,
            },
            { title: '经办人', dataIndex: 'staff' },
            { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          ]}
        />
      </Card>

      <OrderRefunds order={o} />

      <GatewayPayments order={o} />

      <Card title="包裹与物流" size="small">
        {o.deliveries.length === 0 ? (
          <Empty description="暂无包裹" />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {o.deliveries.map((d, i) => (
              <PackageCard
                key={d.id}
                order={o}
                delivery={d}
                index={i}
                onTrack={() => setTrackFor(d.id)}
                onCancel={() => setCancelFor(d.id)}
              />
            ))}
          </Space>
        )}
      </Card>

      <Card title="操作记录" size="small">
        <Table
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.history}
          locale={{ emptyText: '暂无记录' }}
          columns={[
            { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
            { title: '操作人', dataIndex: 'staff' },
            { title: '操作', dataIndex: 'action', render: (a: string) => auditActionLabel(a) },
            {
              title: '变更内容',
              render: (_, r) => (
                <AuditChanges action={r.action} before={r.before} after={r.after} />
              ),
            },
          ]}
        />
      </Card>

      <PaymentModal order={o} open={modal.open === 'payment'} onClose={modal.close} />
      <PriceModal order={o} open={modal.open === 'price'} onClose={modal.close} />
      <ShipModal order={o} open={modal.open === 'ship'} onClose={modal.close} />
      <CancelOrderModal order={o} open={modal.open === 'cancel'} onClose={modal.close} />
      <InvoiceModal order={o} open={modal.open === 'invoice'} onClose={modal.close} />
      <FapiaoModal order={o} open={modal.open === 'fapiao'} onClose={modal.close} />
      <TrackModal order={o} deliveryId={trackFor} onClose={() => setTrackFor(null)} />
      <CancelDeliveryModal order={o} deliveryId={cancelFor} onClose={() => setCancelFor(null)} />
    </Space>
  );
}
