import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { STOCK_REASONS, type Lot } from '@labshop/shared/schemas';
import { formatDateTime } from '@labshop/shared';
import { ExpiryCell } from '@/components/expiry-tag';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useMovements, type MovementRow } from '../api/get-movements';
import { useStock, type StockRow } from '../api/get-stock';
import { useStores } from '@/hooks/use-reference-data';
import { lotLink } from '../lib/labels';
import { AdjustModal, type AdjustTarget } from './adjust-modal';
import { TransferModal, type TransferTarget } from './transfer-modal';

export default function StockPage() {
  const { filters, setFilters } = useUrlFilters();
  const stores = useStores();
  const storeId = filters.storeId ?? (stores.data?.[0] ? String(stores.data[0].id) : undefined);
  const stock = useStock({ ...filters, storeId });
  const movements = useMovements({ storeId, page: filters.mpage ?? 1 });
  const [adjust, setAdjust] = useState<AdjustTarget | null>(null);
  const [transfer, setTransfer] = useState<TransferTarget | null>(null);
  const navigate = useNavigate();
  const storeName = stores.data?.find((s) => String(s.id) === storeId)?.name ?? '';
  const withStore = (path: string) => (storeId ? `${path}?storeId=${storeId}` : path);

  return (
    <Card
      title="库存管理"
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => void navigate(withStore('/stock/receipt'))}>
            入库
          </Button>
          <Button onClick={() => void navigate(withStore('/stock/stocktake'))}>盘点</Button>
          <Button onClick={() => void navigate('/stock/documents')}>库存单据</Button>
        </Space>
      }
    >
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
                expandable={{
                  rowExpandable: (r) => r.lots.length > 0,
                  expandedRowRender: (r) => (
                    <LotsOfRow
                      row={r}
                      onAdjust={(lot) =>
                        storeId && setAdjust({ row: r, storeId: Number(storeId), lot })
                      }
                      onTransfer={(lot) =>
                        setTransfer({
                          materialId: r.materialId,
                          number: r.number,
                          name: r.name,
                          pack: r.pack,
                          storeId: Number(storeId),
                          storeName,
                          lot,
                        })
                      }
                    />
                  ),
                }}
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
                          if (storeId) setAdjust({ row: r, storeId: Number(storeId) });
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
                  { title: '批号', dataIndex: 'lotNumber' },
                  {
                    title: '类型',
                    dataIndex: 'reason',
                    render: (v: string) => STOCK_REASONS[v as keyof typeof STOCK_REASONS] ?? v,
                  },
                  { title: '变动', dataIndex: 'change' },
                  { title: '结存', dataIndex: 'countAfter' },
                  { title: '原因', dataIndex: 'remark' },
                  {
                    title: '单据',
                    dataIndex: 'documentId',
                    render: (id: number | null) =>
                      id === null ? '--' : <Link to={`/stock/documents/${id}`}>查看单据</Link>,
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <AdjustModal target={adjust} onClose={() => setAdjust(null)} />
      <TransferModal target={transfer} onClose={() => setTransfer(null)} />
    </Card>
  );
}

/**
 * A pack's lots in the chosen warehouse, first to expire first; each may move to another or be
 * adjusted (an expired lot is written off with 报损).
 */
function LotsOfRow({
  row,
  onAdjust,
  onTransfer,
}: {
  row: StockRow;
  onAdjust: (lot: Lot) => void;
  onTransfer: (lot: Lot) => void;
}) {
  return (
    <Table<Lot>
      size="small"
      rowKey="lotNumber"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={row.lots}
      data-testid={`lots-${row.materialId}`}
      columns={[
        {
          title: '批号',
          dataIndex: 'lotNumber',
          render: (lot: string) => <Link to={lotLink(row.materialId, lot)}>{lot}</Link>,
        },
        {
          title: '有效期至',
          dataIndex: 'expire',
          render: (expire: string | null) => <ExpiryCell expire={expire} />,
        },
        { title: '数量', dataIndex: 'quantity' },
        {
          title: '操作',
          render: (_: unknown, lot) => (
            <Space size={4}>
              <Button size="small" onClick={() => onTransfer(lot)}>
                调拨
              </Button>
              <Button size="small" onClick={() => onAdjust(lot)}>
                调整
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
