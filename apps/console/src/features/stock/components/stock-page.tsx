import { useState } from 'react';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { STOCK_REASONS } from '@labshop/shared/schemas';
import { formatDateTime } from '@labshop/shared';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useAdjustStock, type Adjustment } from '../api/adjust-stock';
import { useMovements, type MovementRow } from '../api/get-movements';
import { useStock, type StockRow } from '../api/get-stock';
import { useStores } from '@/hooks/use-reference-data';

type AdjustValues = Pick<Adjustment, 'reason' | 'quantity' | 'remark'>;

export default function StockPage() {
  const { filters, setFilters } = useUrlFilters();
  const stores = useStores();
  const storeId = filters.storeId ?? (stores.data?.[0] ? String(stores.data[0].id) : undefined);
  const stock = useStock({ ...filters, storeId });
  const movements = useMovements({ storeId, page: filters.mpage ?? 1 });
  const adjust = useAdjustStock();
  const [target, setTarget] = useState<StockRow | null>(null);
  const [form] = Form.useForm<AdjustValues>();

  return (
    <Card title="库存管理">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 180 }}
          value={storeId ? Number(storeId) : undefined}
          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(v: number) => setFilters({ storeId: String(v) })}
        />
        <Input.Search
          placeholder="货号 / 名称"
          allowClear
          defaultValue={filters.key}
          onSearch={(key) => setFilters({ ...filters, key: key.trim(), page: 1 })}
        />
        <Select
          allowClear
          placeholder="库存状态"
          style={{ width: 120 }}
          value={filters.state}
          options={[
            { value: 'in', label: '有货' },
            { value: 'out', label: '无货' },
            { value: 'low', label: '低库存' },
          ]}
          onChange={(v?: string) => setFilters({ ...filters, state: v, page: 1 })}
        />
        {filters.materialId && (
          <Tag closable onClose={() => setFilters({ ...filters, materialId: undefined, page: 1 })}>
            仅显示所选规格
          </Tag>
        )}
      </Space>
      <Tabs
        items={[
          {
            key: 'stock',
            label: '库存',
            children: (
              <Table<StockRow>
                rowKey="materialId"
                scroll={{ x: 'max-content' }}
                loading={stock.isFetching}
                dataSource={stock.data?.records ?? []}
                pagination={{
                  current: Number(filters.page ?? 1),
                  total: stock.data?.total ?? 0,
                  onChange: (p) => setFilters({ ...filters, page: p }),
                }}
                columns={[
                  { title: '货号', dataIndex: 'number' },
                  { title: '名称', dataIndex: 'name' },
                  { title: '包装', dataIndex: 'pack' },
                  { title: '本仓库存', dataIndex: 'count' },
                  { title: '总库存', dataIndex: 'totalCount' },
                  { title: '已占用', dataIndex: 'held' },
                  { title: '可售', dataIndex: 'available' },
                  {
                    title: '状态',
                    dataIndex: 'onSale',
                    render: (v: boolean) => (v ? <Tag color="green">在售</Tag> : <Tag>下架</Tag>),
                  },
                  {
                    title: '操作',
                    render: (_: unknown, r) => (
                      <Button
                        size="small"
                        onClick={() => {
                          form.setFieldsValue({ reason: 'received', quantity: 1, remark: '' });
                          setTarget(r);
                        }}
                      >
                        调整
                      </Button>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'movements',
            label: '出入库记录',
            children: (
              <Table<MovementRow>
                rowKey="id"
                scroll={{ x: 'max-content' }}
                loading={movements.isFetching}
                dataSource={movements.data?.records ?? []}
                pagination={{
                  current: Number(filters.mpage ?? 1),
                  total: movements.data?.total ?? 0,
                  onChange: (p) => setFilters({ ...filters, mpage: p }),
                }}
                columns={[
                  {
                    title: '时间',
                    dataIndex: 'createTime',
                    render: (v: number) => formatDateTime(v),
                  },
                  { title: '货号', dataIndex: 'number' },
                  { title: '包装', dataIndex: 'pack' },
                  {
                    title: '类型',
                    dataIndex: 'reason',
                    render: (v: string) => STOCK_REASONS[v as keyof typeof STOCK_REASONS] ?? v,
                  },
                  { title: '变动', dataIndex: 'change' },
                  { title: '结存', dataIndex: 'countAfter' },
                  { title: '原因', dataIndex: 'remark' },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        title={target ? `调整库存：${target.number} ${target.pack}` : ''}
        open={target !== null}
        onCancel={() => setTarget(null)}
        confirmLoading={adjust.isPending}
        onOk={() =>
          void form.validateFields().then(async (v) => {
            if (!target || !storeId) return;
            await adjust.mutateAsync({
              ...v,
              materialId: target.materialId,
              storeId: Number(storeId),
            });
            setTarget(null);
          })
        }
      >
        <Form<AdjustValues> form={form} layout="vertical">
          <Form.Item name="reason" label="类型">
            <Select
              options={[
                { value: 'received', label: '入库（增加）' },
                { value: 'damaged', label: '报损（减少）' },
                { value: 'counted', label: '盘点（设为实际数量）' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="quantity"
            label="数量"
            rules={[{ required: true, message: '请输入数量' }]}
          >
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item
            name="remark"
            label="原因"
            rules={[{ required: true, message: '请填写调整原因' }]}
          >
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
