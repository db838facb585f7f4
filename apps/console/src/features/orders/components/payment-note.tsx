import { Link } from 'react-router';
import { Space, Tag, Typography } from 'antd';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { money } from '../lib/labels';

type Payment = ManageOrderDetail['payments'][number];

/**
 * What finance noted with a received transfer: 备注不符 with its reason, and the shared transfer
 * (合并转账) that paid this order with the others it names (docs/console.md, "Orders").
 */
export function PaymentNote({ payment, orderId }: { payment: Payment; orderId: number }) {
  const { transfer } = payment;
  if (!payment.override && !transfer) return null;
  return (
    <Space direction="vertical" size={2} data-testid="payment-note">
      {payment.override && (
        <span>
          <Tag color="orange">备注不符</Tag>
          {payment.overrideReason}
        </span>
      )}
      {transfer && (
        <span>
          <Tag color="blue">合并转账 #{transfer.id}</Tag>共 {money(transfer.amount)}，
          {transfer.orders.length} 个订单
          {transfer.payer && `，付款方 ${transfer.payer}`}：
          {transfer.orders.map((o) =>
            o.id === orderId ? (
              <Typography.Text key={o.id} strong style={{ marginLeft: 8 }}>
                {o.number}（本单 {money(o.amount)}）
              </Typography.Text>
            ) : (
              <Link key={o.id} to={`/orders/${o.id}`} style={{ marginLeft: 8 }}>
                {o.number}（{money(o.amount)}）
              </Link>
            ),
          )}
        </span>
      )}
    </Space>
  );
}
