import { Descriptions, List, Table } from 'antd';
import type { ManageDelivery } from '@labshop/shared/schemas';
import { usePhoneScreen } from '@/hooks/use-phone-screen';

type PackageLine = ManageDelivery['goods'][number];

/**
 * A package's goods lines with the warehouse, lot and expiry each came from. A table on a desk;
 * on a phone each line is a small block of its own, so 批号 and 有效期至 are never the columns
 * cut off at the right edge.
 */
export function PackageLines({ lines }: { lines: PackageLine[] }) {
  const phone = usePhoneScreen();
  // One goods line per order line, warehouse and lot.
  const key = (g: PackageLine) => `${g.orderGoodsId}|${g.storeId}|${g.lotNumber ?? ''}`;
  if (phone) {
    return (
      <List
        size="small"
        dataSource={lines}
        style={{ marginBottom: 12 }}
        renderItem={(g) => (
          <List.Item key={key(g)} data-testid="package-line" style={{ padding: '8px 0' }}>
            <Descriptions
              size="small"
              column={1}
              title={`${g.name} ${g.pack}`}
              items={[
                { key: 'quantity', label: '数量', children: g.quantity },
                { key: 'store', label: '仓库', children: g.storeName },
                { key: 'lot', label: '批号', children: g.lotNumber ?? '--' },
                { key: 'expire', label: '有效期至', children: g.expire ?? '--' },
              ]}
            />
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<PackageLine>
      size="small"
      rowKey={key}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines}
      style={{ marginBottom: 12 }}
      columns={[
        { title: '商品', render: (_: unknown, g) => `${g.name} ${g.pack}` },
        { title: '数量', dataIndex: 'quantity' },
        { title: '仓库', dataIndex: 'storeName' },
        { title: '批号', dataIndex: 'lotNumber', render: (v: string | null) => v ?? '--' },
        { title: '有效期至', dataIndex: 'expire', render: (v: string | null) => v ?? '--' },
      ]}
    />
  );
}
