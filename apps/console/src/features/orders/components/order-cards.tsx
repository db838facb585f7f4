import { Link } from 'react-router';
import { Checkbox, List, Space, Tag, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { ORDER_STATUS_LABEL, PAY_STATUS_LABEL, formatDateTime } from '@labshop/shared';
import type { ManageOrder } from '@labshop/shared/schemas';
import { STATUS_COLOR, memberLabel, money } from '../lib/labels';

/**
 * The order list on a phone (docs/console.md, "On a phone"): one card per order with what a
 * warehouse worker looks for, order number, member and unit, state, amount, date and how many
 * units it holds, instead of a table cut off after its second column. A card's box selects the
 * order for the list's actions, as a row's does.
 */
export function OrderCards({
  orders,
  loading,
  selected,
  onSelect,
  pagination,
}: {
  orders: ManageOrder[];
  loading: boolean;
  selected: ManageOrder[];
  onSelect: (next: ManageOrder[]) => void;
  pagination: Pick<TablePaginationConfig, 'current' | 'pageSize' | 'total' | 'onChange'>;
}) {
  const isSelected = (o: ManageOrder) => selected.some((s) => s.id === o.id);
  return (
    <List<ManageOrder>
      loading={loading}
      dataSource={orders}
      rowKey="id"
      locale={{ emptyText: '没有符合条件的订单' }}
      pagination={{ ...pagination, size: 'small', simple: true, align: 'center' }}
      renderItem={(o) => (
        <List.Item data-testid="order-card" style={{ display: 'block', padding: '12px 0' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
            <Space size={8} align="start">
              <Checkbox
                aria-label={`选择 ${o.number}`}
                checked={isSelected(o)}
                onChange={(e) =>
                  onSelect(
                    e.target.checked ? [...selected, o] : selected.filter((s) => s.id !== o.id),
                  )
                }
              />
              <Link to={`/orders/${o.id}`} style={{ fontWeight: 600, wordBreak: 'break-all' }}>
                {o.number}
              </Link>
            </Space>
            <Tag color={STATUS_COLOR[o.status]} style={{ marginInlineEnd: 0 }}>
              {ORDER_STATUS_LABEL[o.status]}
            </Tag>
          </Space>
          {o.poNumber && <div style={{ marginTop: 4 }}>采购单号 {o.poNumber}</div>}
          <div style={{ marginTop: 4 }}>{memberLabel(o.member)}</div>
          <Space size={12} wrap style={{ marginTop: 4 }}>
            <Typography.Text strong>{money(o.amount)}</Typography.Text>
            <span>{`${o.count} 件`}</span>
            <Typography.Text type="secondary">{PAY_STATUS_LABEL[o.payStatus]}</Typography.Text>
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {formatDateTime(o.createTime)}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
