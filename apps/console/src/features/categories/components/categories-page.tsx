import { useMemo, useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { DeleteButton } from '@/components/row-actions';
import { FormModal } from '@/components/form-modal';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { categoryInput } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useCategories, type CategoryRow } from '@/hooks/use-reference-data';
import {
  useDeleteCategory,
  useReorderCategories,
  useSaveCategory,
  type CategoryBody,
} from '../api/categories';
import { buildTree, bySortThenId, parentOptions, reorder, type CategoryTreeRow } from '../lib/tree';

const MODELS = [
  { value: 'product', label: '商品' },
  { value: 'literature', label: '文献' },
  { value: 'page', label: '页面' },
];

/** A shop path (/products) or a full web address; empty searches for the title. */
const URL_RE = /^(\/[^\s]*|https?:\/\/[^\s]+)$/;

interface FormValues {
  pid: number;
  title: string;
  url: string;
  model: string;
  summary: string;
  sort: number;
  isHot: boolean;
}

/** What the modal edits: a new category below `pid`, or an existing one. */
type Editing = { row: CategoryRow | null; pid: number } | null;

/**
 * The navigation tree: the top level is the storefront's main navigation, the levels below
 * are the category pages. Add below, edit (moving under another parent), order, delete.
 */
export default function CategoriesPage() {
  const { message } = App.useApp();
  const list = useCategories();
  const save = useSaveCategory();
  const reorderMutation = useReorderCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Editing>(null);
  // Every branch shows open, new ones included, unless the staff fold it.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());

  const rows = useMemo(() => list.data ?? [], [list.data]);
  const tree = useMemo(() => buildTree(rows), [rows]);
  const parents = useMemo(() => parentOptions(rows, editing?.row?.id ?? null), [rows, editing]);

  const initial = (e: NonNullable<Editing>): FormValues => {
    if (e.row) {
      const { pid, title, url, model, summary, sort, isHot } = e.row;
      return { pid, title, url, model, summary, sort, isHot };
    }
    const siblings = rows.filter((c) => c.pid === e.pid).sort(bySortThenId);
    const last = siblings.at(-1)?.sort ?? 0;
    return {
      pid: e.pid,
      title: '',
      url: '',
      model: 'product',
      summary: '',
      sort: last + 10,
      isHot: false,
    };
  };

  const submit = (v: FormValues) => {
    if (!editing) return;
    const body: CategoryBody = { ...v, images: editing.row?.images ?? [] };
    save.mutate(
      { id: editing.row?.id ?? null, body },
      {
        onSuccess: () => {
          void message.success(editing.row ? '保存成功' : '分类已创建');
          setEditing(null);
        },
      },
    );
  };

  const move = (row: CategoryRow, step: -1 | 1) => {
    const changes = reorder(rows, row, step);
    if (changes.length > 0) reorderMutation.mutate(changes);
  };

  const siblingsOf = (row: CategoryRow) => rows.filter((c) => c.pid === row.pid).sort(bySortThenId);

  return (
    <Card
      title="分类管理"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ row: null, pid: 0 })}
        >
          新增顶级分类
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        顶级分类即商城的主导航；链接为空时，导航指向以分类名称搜索的结果。
      </Typography.Paragraph>
      <Table<CategoryTreeRow>
        scroll={{ x: 1000 }}
        rowKey="id"
        size="middle"
        loading={list.isFetching || reorderMutation.isPending}
        dataSource={tree}
        pagination={false}
        expandable={{
          expandedRowKeys: rows.filter((c) => !folded.has(c.id)).map((c) => c.id),
          onExpand: (open, r) =>
            setFolded((prev) => {
              const next = new Set(prev);
              if (open) next.delete(r.id);
              else next.add(r.id);
              return next;
            }),
        }}
        columns={[
          { title: '分类名称', dataIndex: 'title' },
          {
            title: '链接',
            dataIndex: 'url',
            render: (v: string) =>
              v || <Typography.Text type="secondary">按名称搜索</Typography.Text>,
          },
          {
            title: '模型',
            dataIndex: 'model',
            width: 80,
            render: (v: string) => MODELS.find((m) => m.value === v)?.label ?? v,
          },
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '商品数', dataIndex: 'products', width: 80 },
          {
            title: '热门',
            dataIndex: 'isHot',
            width: 70,
            render: (v: boolean) => (v ? <Tag color="orange">热门</Tag> : null),
          },
          {
            title: '操作',
            width: 330,
            render: (_: unknown, r) => {
              const siblings = siblingsOf(r);
              const at = siblings.findIndex((c) => c.id === r.id);
              return (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => setEditing({ row: null, pid: r.id })}>
                    添加下级
                  </Button>
                  <Button size="small" onClick={() => setEditing({ row: r, pid: r.pid })}>
                    编辑
                  </Button>
                  <Button
                    size="small"
                    aria-label={`上移 ${r.title}`}
                    icon={<ArrowUpOutlined />}
                    disabled={at <= 0}
                    onClick={() => move(r, -1)}
                  />
                  <Button
                    size="small"
                    aria-label={`下移 ${r.title}`}
                    icon={<ArrowDownOutlined />}
                    disabled={at === siblings.length - 1}
                    onClick={() => move(r, 1)}
                  />
                  <DeleteButton
                    confirm={`删除分类“${r.title}”？`}
                    description={
                      r.products > 0 ? `其下 ${r.products} 个商品将变为未分类` : undefined
                    }
                    disabled={Boolean(r.children?.length)}
                    onDelete={() => remove.mutateAsync(r.id)}
                  />
                </Space>
              );
            },
          },
        ]}
      />
      <FormModal
        title={editing?.row ? `编辑分类：${editing.row.title}` : '新增分类'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        form="category-form"
        saving={save.isPending}
      >
        {editing ? (
          <Form<FormValues>
            key={editing.row?.id ?? `new-below-${editing.pid}`}
            name="category-form"
            layout="vertical"
            preserve={false}
            initialValues={initial(editing)}
            onFinish={submit}
          >
            <Form.Item name="title" label="分类名称" rules={[zodRule(categoryInput.shape.title)]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="pid"
              label="上级分类"
              // The server reads a missing parent as the top level; the form asks for a choice.
              rules={[{ required: true, message: '请选择上级分类' }]}
            >
              <TreeSelect
                treeData={parents}
                treeDefaultExpandAll
                showSearch
                treeNodeFilterProp="title"
              />
            </Form.Item>
            <Form.Item
              name="url"
              label="链接地址"
              extra="商城内的路径（如 /products）或完整网址；留空则按分类名称搜索"
              rules={[
                // The server takes any text here; the form keeps links the storefront can follow.
                { pattern: URL_RE, message: '链接地址应以 / 或 http(s):// 开头，且不含空格' },
                zodRule(categoryInput.shape.url),
              ]}
            >
              <Input placeholder="/products" />
            </Form.Item>
            <Space size="large" align="start">
              <Form.Item name="model" label="模型">
                <Select options={MODELS} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item
                name="sort"
                label="排序（小的在前）"
                // The server puts a missing sort at 0; the form asks for one.
                rules={[
                  { required: true, message: '请输入排序' },
                  zodRule(categoryInput.shape.sort),
                ]}
              >
                <InputNumber precision={0} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="isHot" label="热门" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.Item name="summary" label="简介" rules={[zodRule(categoryInput.shape.summary)]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Form>
        ) : null}
      </FormModal>
    </Card>
  );
}
