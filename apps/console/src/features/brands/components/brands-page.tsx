import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Space, Table } from 'antd';
import { DeleteButton } from '@/components/row-actions';
import { FormModal } from '@/components/form-modal';
import { PlusOutlined } from '@ant-design/icons';
import { brandInput } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useBrands, type BrandRow } from '@/hooks/use-reference-data';
import { useDeleteBrand, useSaveBrand } from '../api/brands';

interface FormValues {
  name: string;
  sort: number;
}

/** Brands in storefront order (sort, then id): add, rename, reorder, delete an unused one. */
export default function BrandsPage() {
  const { message } = App.useApp();
  const list = useBrands();
  const save = useSaveBrand();
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<{ row: BrandRow | null } | null>(null);
  const rows = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id),
    [list.data],
  );
  const nextSort = (rows.at(-1)?.sort ?? 0) + 10;

  return (
    <Card
      title="品牌管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          新增品牌
        </Button>
      }
    >
      <Table<BrandRow>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: '品牌名称', dataIndex: 'name' },
          { title: '排序', dataIndex: 'sort', width: 100 },
          { title: '商品数', dataIndex: 'products', width: 100 },
          {
            title: '操作',
            width: 180,
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ row: r })}>
                  编辑
                </Button>
                <DeleteButton
                  confirm={`删除品牌“${r.name}”？`}
                  disabled={r.products > 0}
                  disabledReason="该品牌下还有商品，不能删除"
                  onDelete={() => remove.mutateAsync(r.id)}
                />
              </Space>
            ),
          },
        ]}
      />
      <FormModal
        title={editing?.row ? `编辑品牌：${editing.row.name}` : '新增品牌'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        form="brand-form"
        saving={save.isPending}
      >
        {editing ? (
          <Form<FormValues>
            name="brand-form"
            layout="vertical"
            preserve={false}
            initialValues={editing.row ?? { name: '', sort: nextSort }}
            onFinish={(v) =>
              save.mutate(
                { id: editing.row?.id ?? null, body: v },
                {
                  onSuccess: () => {
                    void message.success(editing.row ? '保存成功' : '品牌已创建');
                    setEditing(null);
                  },
                },
              )
            }
          >
            <Form.Item name="name" label="品牌名称" rules={[zodRule(brandInput.shape.name)]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="sort"
              label="排序（小的在前）"
              // The server puts a missing sort at 0; the form asks for one.
              rules={[{ required: true, message: '请输入排序' }, zodRule(brandInput.shape.sort)]}
            >
              <InputNumber precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Form>
        ) : null}
      </FormModal>
    </Card>
  );
}
