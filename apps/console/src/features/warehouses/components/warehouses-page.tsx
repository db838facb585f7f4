import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Form, Input, Space, Table } from 'antd';
import { DeleteButton } from '@/components/row-actions';
import { FormModal } from '@/components/form-modal';
import { PlusOutlined } from '@ant-design/icons';
import { storeInput } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useStores, type StoreRow } from '@/hooks/use-reference-data';
import { useDeleteWarehouse, useSaveWarehouse } from '../api/warehouses';

/** Warehouses the stock is kept in: add, rename, delete an empty one. */
export default function WarehousesPage() {
  const { message } = App.useApp();
  const list = useStores();
  const save = useSaveWarehouse();
  const remove = useDeleteWarehouse();
  const [editing, setEditing] = useState<{ row: StoreRow | null } | null>(null);

  return (
    <Card
      title="仓库管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          新增仓库
        </Button>
      }
    >
      <Table<StoreRow>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '仓库名称', dataIndex: 'name' },
          {
            title: '操作',
            width: 260,
            render: (_: unknown, r) => (
              <Space>
                <Link to={`/stock?storeId=${r.id}`}>查看库存</Link>
                <Button size="small" onClick={() => setEditing({ row: r })}>
                  编辑
                </Button>
                <DeleteButton
                  confirm={`删除仓库“${r.name}”？`}
                  description="仓库还有库存时不能删除"
                  onDelete={() => remove.mutateAsync(r.id)}
                />
              </Space>
            ),
          },
        ]}
      />
      <FormModal
        title={editing?.row ? `编辑仓库：${editing.row.name}` : '新增仓库'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        form="warehouse-form"
        saving={save.isPending}
      >
        {editing ? (
          <Form<{ name: string }>
            name="warehouse-form"
            layout="vertical"
            preserve={false}
            initialValues={{ name: editing.row?.name ?? '' }}
            onFinish={(v) =>
              save.mutate(
                { id: editing.row?.id ?? null, name: v.name },
                {
                  onSuccess: () => {
                    void message.success(editing.row ? '保存成功' : '仓库已创建');
                    setEditing(null);
                  },
                },
              )
            }
          >
            <Form.Item name="name" label="仓库名称" rules={[zodRule(storeInput.shape.name)]}>
              <Input placeholder="如：北京仓" />
            </Form.Item>
          </Form>
        ) : null}
      </FormModal>
    </Card>
  );
}
