import { Link } from 'react-router';
import { Card, Segmented, Table, Tag } from 'antd';
import { formatDateTime, INVOICE_TYPE_LABEL } from '@labshop/shared';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useFapiaoRequests, type FapiaoRequestRow } from '../api/get-fapiao-requests';

/**
 * Members' requests for a fapiao after the order (docs/procurement.md section 5): finance opens
 * the order and uploads the issued e-fapiao there, which marks the request handled.
 */
export default function FapiaoRequestsPage() {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const size = Number(filters.size ?? 20);
  const pending = filters.pending !== 'false';
  const requests = useFapiaoRequests({ ...filters, pending: pending ? 'true' : 'false' });

  return (
    <Card
      title="开票申请"
      extra={
        <Segmented
          value={pending ? 'pending' : 'all'}
          options={[
            { value: 'pending', label: '待开票' },
            { value: 'all', label: '全部' },
          ]}
          onChange={(v) => setFilters({ pending: v === 'pending' ? undefined : 'false' })}
        />
      }
    >
      <Table<FapiaoRequestRow>
        rowKey="orderId"
        loading={requests.isFetching}
        dataSource={requests.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: size,
          total: requests.data?.total ?? 0,
          onChange: (p, s) => setFilters({ ...filters, page: p, size: s }),
        }}
        columns={[
          {
            title: '订单号',
            dataIndex: 'number',
            render: (n: string, r) => <Link to={`/orders/${r.orderId}`}>{n}</Link>,
          },
          {
            title: '发票类型',
            dataIndex: 'invoiceType',
            render: (t: number) => INVOICE_TYPE_LABEL[t] ?? '--',
          },
          { title: '发票抬头', dataIndex: 'title' },
          { title: '纳税人识别号', dataIndex: 'taxpayerNumber' },
          { title: '收票邮箱', dataIndex: 'email' },
          {
            title: '申请时间',
            dataIndex: 'createTime',
            render: (v: number) => formatDateTime(v),
          },
          {
            title: '状态',
            dataIndex: 'handledAt',
            render: (v: number | null) =>
              v === null ? <Tag color="orange">待开票</Tag> : <Tag color="green">已开票</Tag>,
          },
        ]}
      />
    </Card>
  );
}
