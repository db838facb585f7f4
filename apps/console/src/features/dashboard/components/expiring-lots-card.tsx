import { Link } from 'react-router';
import { Card, Table, Typography } from 'antd';
import { useExpiringLots, type ExpiringLots } from '../api/get-expiring-lots';

type StoreRow = ExpiringLots['stores'][number];

/** A count that leads to the lot list filtered to that warehouse and window. */
function CountLink({
  storeId,
  expiry,
  value,
  type,
}: {
  storeId: number;
  expiry: 'expired' | '30' | '90';
  value: number;
  type: 'danger' | 'warning';
}) {
  return (
    <Link
      to={`/lots?storeId=${storeId}&expiry=${expiry}`}
      data-testid={`expiring-${storeId}-${expiry}`}
    >
      <Typography.Text type={value > 0 ? type : 'secondary'} strong={value > 0}>
        {value}
      </Typography.Text>
    </Link>
  );
}

/** 效期预警: per warehouse, lots expired and expiring within 30 and 90 days (docs/lots.md). */
export function ExpiringLotsCard() {
  const lots = useExpiringLots();
  return (
    <Card
      title="效期预警"
      extra={<Link to="/lots?expiry=90">查看批次</Link>}
      style={{ marginTop: 16 }}
      size="small"
      data-testid="expiring-lots"
      loading={lots.isPending}
    >
      <Table<StoreRow>
        size="small"
        rowKey="storeId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={lots.data?.stores ?? []}
        locale={{ emptyText: '暂无仓库' }}
        columns={[
          { title: '仓库', dataIndex: 'storeName' },
          {
            title: '已过期',
            dataIndex: 'expired',
            render: (v: number, r) => (
              <CountLink storeId={r.storeId} expiry="expired" value={v} type="danger" />
            ),
          },
          {
            title: '30天内',
            dataIndex: 'within30',
            render: (v: number, r) => (
              <CountLink storeId={r.storeId} expiry="30" value={v} type="warning" />
            ),
          },
          {
            title: '90天内',
            dataIndex: 'within90',
            render: (v: number, r) => (
              <CountLink storeId={r.storeId} expiry="90" value={v} type="warning" />
            ),
          },
        ]}
      />
    </Card>
  );
}
