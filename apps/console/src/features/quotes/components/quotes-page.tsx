import { Link } from 'react-router';
import { Card, Form, Input, Select, Table, Tag } from 'antd';
import { QUOTE_STATUS_LABEL, type ManageQuote, type QuoteStatus } from '@labshop/shared/schemas';
import { formatDateTime } from '@labshop/shared';
import { FilterBar } from '@/components/filter-bar';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useQuotes } from '../api/get-quotes';
import { QUOTE_STATUS_COLOR, yuan } from '../lib/labels';

interface FilterForm {
  number?: string;
  status?: QuoteStatus;
}

const statusOptions = Object.entries(QUOTE_STATUS_LABEL).map(([value, label]) => ({
  value,
  label,
}));

export default function QuotesPage() {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const size = Number(filters.size ?? 20);
  const quotes = useQuotes(filters);

  return (
    <Card title="报价单">
      <FilterBar<FilterForm>
        initialValues={{ number: filters.number, status: filters.status as QuoteStatus }}
        onSearch={(v) => setFilters({ number: v.number?.trim(), status: v.status, size })}
        onReset={() => setFilters({})}
      >
        <Form.Item name="number">
          <Input placeholder="报价单号" allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder="状态" allowClear options={statusOptions} style={{ width: 120 }} />
        </Form.Item>
      </FilterBar>
      <Table<ManageQuote>
        rowKey="id"
        loading={quotes.isFetching}
        dataSource={quotes.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: size,
          total: quotes.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => setFilters({ ...filters, page: p, size: s }),
        }}
        columns={[
          {
            title: '报价单号',
            dataIndex: 'number',
            render: (n: string, q) => <Link to={`/quotes/${q.id}`}>{n}</Link>,
          },
          {
            title: '会员',
            render: (_, q) => (q.company ? `${q.company}（${q.account}）` : q.account),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: QuoteStatus) => (
              <Tag color={QUOTE_STATUS_COLOR[s]}>{QUOTE_STATUS_LABEL[s]}</Tag>
            ),
          },
          { title: '商品', render: (_, q) => `${q.lines.length} 种` },
          { title: '报价金额', dataIndex: 'amount', render: (a: number | null) => yuan(a) },
          {
            title: '有效期至',
            dataIndex: 'validUntil',
            render: (v: number | null) => (v === null ? '--' : formatDateTime(v).slice(0, 10)),
          },
          {
            title: '申请时间',
            dataIndex: 'createTime',
            render: (v: number) => formatDateTime(v),
          },
          {
            title: '操作',
            render: (_, q) => (
              <Link to={`/quotes/${q.id}`}>{q.status === 'requested' ? '报价' : '查看'}</Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
