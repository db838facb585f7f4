import { Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { ExpiryCell } from '@/components/expiry-tag';
import { useStores } from '@/hooks/use-reference-data';
import { FilterBar } from '@/components/filter-bar';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useLots, type LotRow } from '../api/get-lots';
import { LotDrawer } from './lot-drawer';
import { ShelfLifeForm } from './shelf-life-form';

type Expiry = 'expired' | '30' | '90';

interface FilterForm {
  key?: string;
  storeId?: number;
  expiry?: Expiry;
}

const expiryOptions: { value: Expiry; label: string }[] = [
  { value: 'expired', label: '已过期' },
  { value: '30', label: '30 天内到期' },
  { value: '90', label: '90 天内到期' },
];

/**
 * 批次管理: lots with units left over all packs, first to expire first, filtered by text,
 * warehouse and expiry (in the URL, so the dashboard's 效期预警 links here). A row opens the
 * lot: where it is, where it came from, where it went.
 */
export default function LotsPage() {
  const { filters, setFilters } = useUrlFilters();
  const stores = useStores();
  const { lotOf, lot, ...query } = filters;
  const list = useLots(query);
  const page = Number(filters.page ?? 1);
  const open = lotOf && lot ? { materialId: Number(lotOf), lotNumber: lot } : null;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="批次管理">
        <FilterBar<FilterForm>
          initialValues={{
            key: filters.key,
            storeId: filters.storeId ? Number(filters.storeId) : undefined,
            expiry: filters.expiry as Expiry | undefined,
          }}
          onSearch={(v) => setFilters({ key: v.key?.trim(), storeId: v.storeId, expiry: v.expiry })}
          onReset={() => setFilters({})}
        >
          <Form.Item name="key">
            <Input placeholder="货号 / 名称 / 批号" allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="storeId">
            <Select
              placeholder="仓库"
              allowClear
              options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              style={{ width: 150 }}
            />
          </Form.Item>
          <Form.Item name="expiry">
            <Select
              placeholder="有效期"
              allowClear
              options={expiryOptions}
              style={{ width: 140 }}
            />
          </Form.Item>
        </FilterBar>
        <Table<LotRow>
          rowKey={(r) => `${r.materialId}|${r.lotNumber}|${r.storeId}`}
          scroll={{ x: 'max-content' }}
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: '没有符合条件的批次' }}
          pagination={{
            current: page,
            total: list.data?.total ?? 0,
            onChange: (p) => setFilters({ ...filters, page: p }),
          }}
          onRow={(r) => ({
            onClick: () => setFilters({ ...filters, lotOf: r.materialId, lot: r.lotNumber }),
            style: { cursor: 'pointer' },
          })}
          columns={[
            { title: '货号', dataIndex: 'number' },
            { title: '名称', dataIndex: 'name' },
            { title: '规格', dataIndex: 'pack' },
            { title: '仓库', dataIndex: 'storeName' },
            {
              title: '批号',
              dataIndex: 'lotNumber',
              render: (v: string) => <Typography.Link>{v}</Typography.Link>,
            },
            {
              title: '有效期至',
              render: (_: unknown, r) => <ExpiryCell expire={r.expire} days={r.daysLeft} always />,
            },
            { title: '数量', dataIndex: 'quantity' },
            {
              title: '证书',
              dataIndex: 'hasCoa',
              render: (v: boolean) => (v ? <Tag color="green">有</Tag> : <Tag>无</Tag>),
            },
          ]}
        />
      </Card>
      <Card size="small" title="发货效期规则">
        <ShelfLifeForm />
      </Card>
      <LotDrawer
        lot={open}
        onClose={() => setFilters({ ...filters, lotOf: undefined, lot: undefined })}
      />
    </Space>
  );
}
