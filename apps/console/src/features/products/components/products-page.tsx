import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Input, Modal, Select, Space, Switch, Table, Tag, TreeSelect } from 'antd';
import { formatDateTime } from '@labshop/shared';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { sortColumn, sortOf } from '@/lib/table-sort';
import { useBrands, useCategories } from '@/hooks/use-reference-data';
import { useCopyProduct } from '../api/copy-product';
import { useProducts, type ProductRow } from '../api/get-products';
import { useSetProductOnSale } from '../api/set-product-on-sale';
import { categoryTree } from '../lib/category-tree';
import { ProductBulkBar } from './bulk-bar';

export default function ProductsPage() {
  const navigate = useNavigate();
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const size = Number(filters.size ?? 20);
  const products = useProducts(filters);
  const categories = useCategories();
  const brands = useBrands();
  const onSale = useSetProductOnSale();
  const copy = useCopyProduct();
  // Rows chosen for the bulk actions; kept across pages until an action is done.
  const [selected, setSelected] = useState<number[]>([]);
  const set = (patch: Record<string, string | undefined>) =>
    setFilters({ ...filters, ...patch, page: 1, size });

  const askCopy = (row: ProductRow) => {
    let number = `${row.number}-COPY`;
    Modal.confirm({
      title: `复制商品 ${row.number}`,
      content: (
        <Input
          aria-label="新货号"
          defaultValue={number}
          onChange={(e) => {
            number = e.target.value;
          }}
        />
      ),
      okText: '复制',
      onOk: async () => {
        const { id } = await copy.mutateAsync({ id: row.id, number: number.trim() });
        await navigate(`/products/${id}`);
      },
    });
  };

  return (
    <Card
      title="商品管理"
      extra={
        <Button type="primary" onClick={() => void navigate('/products/new')}>
          新建商品
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="名称 / CAS号 / 货号"
          defaultValue={filters.key}
          allowClear
          enterButton="查询"
          style={{ width: 320 }}
          onSearch={(key) => set({ key: key.trim() })}
        />
        <TreeSelect
          allowClear
          placeholder="分类"
          style={{ width: 200 }}
          value={filters.categoryId ? Number(filters.categoryId) : undefined}
          treeData={categoryTree(categories.data ?? [])}
          onChange={(v?: number) => set({ categoryId: v === undefined ? undefined : String(v) })}
        />
        <Select
          allowClear
          placeholder="品牌"
          style={{ width: 160 }}
          value={filters.brandId ? Number(filters.brandId) : undefined}
          options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          onChange={(v?: number) => set({ brandId: v === undefined ? undefined : String(v) })}
        />
        <Select
          allowClear
          placeholder="标签"
          style={{ width: 110 }}
          value={filters.tag}
          options={[
            { value: 'hot', label: '热门' },
            { value: 'new', label: '新品' },
          ]}
          onChange={(v?: string) => set({ tag: v })}
        />
        <Select
          allowClear
          placeholder="上架状态"
          style={{ width: 120 }}
          value={filters.onSale}
          options={[
            { value: 'true', label: '上架中' },
            { value: 'false', label: '已下架' },
          ]}
          onChange={(v?: string) => set({ onSale: v })}
        />
        <Select
          allowClear
          placeholder="库存"
          style={{ width: 110 }}
          value={filters.stock}
          options={[
            { value: 'in', label: '有货' },
            { value: 'out', label: '无货' },
          ]}
          onChange={(v?: string) => set({ stock: v })}
        />
        <Select
          allowClear
          placeholder="安全技术说明书"
          style={{ width: 160 }}
          value={filters.sds}
          options={[{ value: 'missing', label: '危险品缺中文SDS' }]}
          onChange={(v?: string) => set({ sds: v })}
        />
      </Space>
      <ProductBulkBar ids={selected} onDone={() => setSelected([])} />
      <Table<ProductRow>
        rowKey="id"
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        loading={products.isFetching}
        dataSource={products.data?.records ?? []}
        onChange={(_p, _f, sorter, { action }) => {
          if (action === 'sort') set({ sort: sortOf(sorter) });
        }}
        pagination={{
          current: page,
          pageSize: size,
          total: products.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => setFilters({ ...filters, page: p, size: s }),
        }}
        columns={[
          {
            title: '货号',
            dataIndex: 'number',
            render: (v: string, r) => <Link to={`/products/${r.id}`}>{v}</Link>,
            ...sortColumn(filters.sort, 'number'),
          },
          { title: '名称', dataIndex: 'name' },
          { title: 'CAS号', dataIndex: 'cas' },
          { title: '品牌', dataIndex: 'brandName' },
          { title: '分类', dataIndex: 'categoryTitle' },
          { title: '包装', dataIndex: 'packs' },
          { title: '库存', dataIndex: 'stock' },
          {
            title: '标签',
            render: (_: unknown, r) => (
              <>
                {r.isHot && <Tag color="red">热门</Tag>}
                {r.isNew && <Tag color="blue">新品</Tag>}
              </>
            ),
          },
          {
            title: '上架',
            dataIndex: 'onSale',
            render: (v: boolean, r) => (
              <Switch
                checked={v}
                aria-label={`${r.number} 上架`}
                onChange={(checked) => onSale.mutate({ id: r.id, onSale: checked })}
              />
            ),
          },
          {
            title: '更新时间',
            dataIndex: 'updateTime',
            render: (v: number) => formatDateTime(v),
            ...sortColumn(filters.sort, 'updateTime'),
          },
          {
            title: '操作',
            render: (_: unknown, r) => (
              <Button size="small" onClick={() => askCopy(r)}>
                复制
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
