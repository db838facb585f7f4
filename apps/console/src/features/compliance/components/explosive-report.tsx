import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '@labshop/shared';
import { EXPLOSIVE_REPORT_DAYS, type ExplosiveReportRow } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useExplosiveReport, useMarkReported } from '../api/explosive-report';

/** The days left of the five, in red once the fifth day has passed. */
export function DaysLeft({ row }: { row: ExplosiveReportRow }) {
  if (row.daysLeft < 0) return <Tag color="red">已超期 {-row.daysLeft} 天</Tag>;
  if (row.daysLeft === 0) return <Tag color="red">今日到期</Tag>;
  return <Tag color={row.daysLeft <= 2 ? 'orange' : 'default'}>剩 {row.daysLeft} 天</Tag>;
}

/**
 * The 易制爆 sales to report to the public security bureau within five days of shipping
 * (docs/compliance.md section 5): export them, report them, then mark them reported.
 */
export function ExplosiveReport() {
  const { message } = App.useApp();
  const rows = useExplosiveReport();
  const mark = useMarkReported();
  const [selected, setSelected] = useState<number[]>([]);
  const overdue = (rows.data ?? []).filter((r) => r.daysLeft < 0).length;
  return (
    <>
      <Typography.Paragraph type="secondary">
        易制爆危险化学品销售后 {EXPLOSIVE_REPORT_DAYS}{' '}
        日内须向所在地公安机关报告。导出后报告，再标记为已报告。
      </Typography.Paragraph>
      {overdue > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={`${overdue} 条已超过 ${EXPLOSIVE_REPORT_DAYS} 日报告期限`}
        />
      )}
      <Space style={{ marginBottom: 16 }} wrap>
        <Button
          onClick={() =>
            void api.download(
              '/manage/v1/compliance/explosive-report',
              { format: 'xlsx' },
              '易制爆销售报告.xlsx',
            )
          }
        >
          导出 Excel
        </Button>
        <Popconfirm
          title={`将选中的 ${selected.length} 条标记为已向公安机关报告？`}
          description="标记后不再出现在此列表中，且不能撤销。"
          okText="标记"
          cancelText="取消"
          disabled={selected.length === 0}
          onConfirm={() =>
            mark.mutateAsync(selected).then(
              () => {
                setSelected([]);
                void message.success('已标记为已报告');
              },
              // The api client already showed the refusal.
              () => undefined,
            )
          }
        >
          <Button type="primary" disabled={selected.length === 0} loading={mark.isPending}>
            标记为已报告
          </Button>
        </Popconfirm>
      </Space>
      <Table<ExplosiveReportRow>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        scroll={{ x: 1600 }}
        pagination={{ pageSize: 50 }}
        locale={{ emptyText: '没有待报告的易制爆销售' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        onRow={(r) => ({
          'data-testid': `explosive-${r.orderNumber}`,
          style: r.daysLeft < 0 ? { background: '#fff1f0' } : undefined,
        })}
        columns={[
          { title: '期限', render: (_, r) => <DaysLeft row={r} />, width: 120 },
          { title: '报告截止', dataIndex: 'dueDate', width: 110 },
          { title: '发货时间', render: (_, r) => formatDateTime(r.shippedAt), width: 170 },
          { title: '订单号', dataIndex: 'orderNumber' },
          { title: '品名', dataIndex: 'productName', width: 200, ellipsis: true },
          { title: 'CAS', dataIndex: 'cas' },
          { title: '规格×件数', render: (_, r) => `${r.pack} × ${r.count}` },
          {
            title: '数量',
            render: (_, r) => (r.quantity === null ? '—' : `${r.quantity} ${r.unit}`),
          },
          { title: '批号', render: (_, r) => r.lots || '—' },
          { title: '购买单位', dataIndex: 'buyerCompany' },
          { title: '统一社会信用代码', dataIndex: 'buyerCreditCode' },
          { title: '用途', render: (_, r) => r.purpose || '—' },
          {
            title: '收货地址',
            render: (_, r) => `${r.region} ${r.address}`.trim(),
          },
          { title: '承运/运单号', render: (_, r) => `${r.carrier} ${r.trackingNumber}` },
          {
            title: '经办人',
            render: (_, r) => (r.handlerName ? `${r.handlerName} ${r.handlerIdNumber}` : '—'),
          },
        ]}
      />
    </>
  );
}
