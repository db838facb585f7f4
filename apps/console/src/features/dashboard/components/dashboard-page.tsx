import { Link } from 'react-router';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import type { Permission } from '@labshop/shared';
import { can, useSession } from '@/lib/session';
import { useDashboard } from '../api/get-dashboard';
import { ExpiringLotsCard } from './expiring-lots-card';

/** Midnight today (local time of the browser, China time for the shop's staff), epoch ms. */
function todayRange(): string {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setHours(23, 59, 59, 999);
  return `startTime=${start.getTime()}&endTime=${end.getTime()}`;
}

export default function DashboardPage() {
  const session = useSession();
  const data = useDashboard();
  const d = data.data;
  const figures: {
    title: string;
    value: number | undefined;
    to: string;
    permission: Permission;
    prefix?: string;
    /** Shown in red: something is overdue. */
    alert?: boolean;
    suffix?: string;
  }[] = [
    {
      title: '今日订单',
      value: d?.todayOrders,
      to: `/orders?${todayRange()}`,
      permission: 'orders.view',
    },
    {
      title: '今日销售额',
      value: d?.todaySales,
      to: `/orders?payStatus=2&${todayRange()}`,
      permission: 'orders.view',
      prefix: '￥',
    },
    {
      title: '待确认收款',
      value: d?.awaitingTransfer,
      // Priced orders only: one still 待定价 has no amount to transfer yet (counted below).
      to: '/orders?status=1&payStatus=1&payType=1&pending=0',
      permission: 'orders.view',
    },
    {
      title: '待定价',
      value: d?.awaitingPricing,
      to: '/orders?status=1&pending=1',
      permission: 'orders.view',
    },
    {
      title: '待发货',
      value: d?.awaitingShipment,
      to: '/orders?status=2',
      permission: 'orders.view',
    },
    {
      title: '未处理留言',
      value: d?.newMessages,
      to: '/inbox?kind=messages&handleStatus=1',
      permission: 'inbox',
    },
    {
      title: '未处理询价',
      value: d?.newInquiries,
      to: '/inbox?kind=inquiries&handleStatus=1',
      permission: 'inbox',
    },
    {
      title: '待处理定制',
      value: d?.newCustomized,
      to: '/inbox?kind=customized',
      permission: 'inbox',
    },
    {
      title: '待审核证件',
      value: d?.pendingQualifications,
      to: '/compliance?tab=pending',
      permission: 'compliance',
    },
    {
      title: '易制爆待报告',
      value: d?.explosiveReportsDue,
      to: '/compliance?tab=explosive',
      permission: 'compliance',
      alert: (d?.explosiveReportsOverdue ?? 0) > 0,
      ...(d && d.explosiveReportsOverdue > 0
        ? { suffix: `（${d.explosiveReportsOverdue} 条超期）` }
        : {}),
    },
    {
      title: '缺中文SDS',
      value: d?.missingChineseSds,
      to: '/products?sds=missing&onSale=true',
      permission: 'catalogue',
      alert: (d?.missingChineseSds ?? 0) > 0,
    },
    {
      title: '月结逾期单位',
      value: d?.overdueCreditOrgs,
      to: '/organizations',
      permission: 'finance',
      alert: (d?.overdueCreditOrgs ?? 0) > 0,
    },
    {
      title: '低库存规格',
      value: d?.lowStockCount,
      to: '/stock?state=low',
      permission: 'stock',
    },
  ];
  // Each link leads only where the staff's roles may go: the product form needs catalogue, the
  // stock page stock (a warehouse account has stock only).
  const canStock = can(session, 'stock');
  const canCatalogue = can(session, 'catalogue');
  return (
    <>
      <Typography.Title level={4}>欢迎，{session?.name}</Typography.Title>
      <Row gutter={[16, 16]}>
        {figures
          .filter((f) => can(session, f.permission))
          .map((f) => (
            <Col key={f.title} xs={12} md={6}>
              <Link to={f.to} data-testid={`figure-${f.title}`}>
                <Card hoverable loading={data.isPending}>
                  <Statistic
                    title={f.title}
                    value={f.value ?? 0}
                    prefix={f.prefix}
                    suffix={f.suffix}
                    precision={f.prefix ? 2 : 0}
                    {...(f.alert ? { valueStyle: { color: '#cf1322' } } : {})}
                  />
                </Card>
              </Link>
            </Col>
          ))}
      </Row>
      {canStock && <ExpiringLotsCard />}
      {d && d.lowStock.length > 0 && (canStock || canCatalogue) && (
        <Card
          title={`低库存规格（总库存少于 ${d.lowStockBelow}）`}
          extra={canStock && <Link to="/stock?state=low">查看全部</Link>}
          style={{ marginTop: 16 }}
          size="small"
          data-testid="low-stock"
        >
          <Table
            size="small"
            rowKey="materialId"
            pagination={false}
            dataSource={d.lowStock}
            columns={[
              {
                title: '商品',
                dataIndex: 'name',
                render: (name: string, row) =>
                  canCatalogue ? <Link to={`/products/${row.productId}`}>{name}</Link> : name,
              },
              { title: '货号', dataIndex: 'number' },
              { title: '规格', dataIndex: 'pack' },
              { title: '总库存', dataIndex: 'stock' },
              ...(canStock
                ? [
                    {
                      title: '操作',
                      key: 'stock',
                      render: (_: unknown, row: { materialId: number }) => (
                        <Link to={`/stock?state=low&materialId=${row.materialId}`}>调整库存</Link>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}
    </>
  );
}
