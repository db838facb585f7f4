import { Link } from 'react-router';
import { Card, Form, Select, Space, Table, Tag } from 'antd';
import { formatDateTime } from '@labshop/shared';
import { useStores } from '@/hooks/use-reference-data';
import { FilterBar } from '@/components/filter-bar';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useStockDocuments, type StockDocumentRow } from '../api/get-stock-documents';
import {
  DOCUMENT_KIND_COLOR,
  DOCUMENT_KIND_LABEL,
  documentKindOptions,
  type StockDocumentKind,
} from '../lib/labels';

interface FilterForm {
  kind?: StockDocumentKind;
  storeId?: number;
}

/** 库存单据: receipts, transfers and stocktakes, newest first; filters in the URL. */
export default function DocumentsPage() {
  const { filters, setFilters } = useUrlFilters();
  const stores = useStores();
  const list = useStockDocuments(filters);
  const page = Number(filters.page ?? 1);

  return (
    <Card
      title={
        <Space>
          <Link to="/stock">库存管理</Link>/<span>库存单据</span>
        </Space>
      }
    >
      <FilterBar<FilterForm>
        initialValues={{
          kind: filters.kind as StockDocumentKind | undefined,
          storeId: filters.storeId ? Number(filters.storeId) : undefined,
        }}
        onSearch={(v) => setFilters({ kind: v.kind, storeId: v.storeId })}
        onReset={() => setFilters({})}
      >
        <Form.Item name="kind">
          <Select
            placeholder="单据类型"
            allowClear
            options={documentKindOptions}
            style={{ width: 140 }}
          />
        </Form.Item>
        <Form.Item name="storeId">
          <Select
            placeholder="仓库"
            allowClear
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            style={{ width: 160 }}
          />
        </Form.Item>
      </FilterBar>
      <Table<StockDocumentRow>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page,
          total: list.data?.total ?? 0,
          onChange: (p) => setFilters({ ...filters, page: p }),
        }}
        columns={[
          {
            title: '单号',
            render: (_: unknown, r) => <Link to={`/stock/documents/${r.id}`}>{r.id}</Link>,
          },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: StockDocumentKind) => (
              <Tag color={DOCUMENT_KIND_COLOR[k]}>{DOCUMENT_KIND_LABEL[k]}</Tag>
            ),
          },
          {
            title: '仓库',
            render: (_: unknown, r) =>
              r.toStoreName ? `${r.storeName} → ${r.toStoreName}` : r.storeName,
          },
          { title: '供应商', dataIndex: 'supplier', render: (v: string) => v || '--' },
          { title: '批次行数', dataIndex: 'lineCount' },
          { title: '数量', dataIndex: 'units' },
          { title: '经办人', dataIndex: 'staff' },
          { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          { title: '备注', dataIndex: 'remark', render: (v: string) => v || '--' },
        ]}
      />
    </Card>
  );
}
