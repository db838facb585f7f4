import { useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { DeleteButton, PublishButton } from '@/components/row-actions';
import { formatDateTime } from '@labshop/shared';
import { contentInput } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useContents, type ContentRow } from '../api/get-contents';
import { fetchContent, useSaveContent, type ContentBody } from '../api/save-content';
import { useDeleteContent, usePublishContent } from '../api/content-actions';
import { RichTextField } from './rich-text-field';

const MODELS = [
  { value: 'article', label: '文章' },
  { value: 'literature', label: '文献' },
  { value: 'page', label: '页面' },
];

interface FormValues extends Omit<ContentBody, 'attributes'> {
  attributes: Array<{ key: string; value: string }>;
}

export default function ContentsPage() {
  const { filters, setFilters } = useUrlFilters();
  const list = useContents(filters);
  const save = useSaveContent();
  const publish = usePublishContent();
  const remove = useDeleteContent();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [form] = Form.useForm<FormValues>();

  const open = async (row: ContentRow | null) => {
    if (row) {
      const d = await fetchContent(row.id);
      form.setFieldsValue({
        ...d,
        model: d.model as FormValues['model'],
        cid: d.cid,
        attributes: Object.entries(d.attributes).map(([key, value]) => ({ key, value })),
      });
    } else {
      form.resetFields();
      form.setFieldsValue({ model: 'article', published: true, sort: 0, attributes: [] });
    }
    setEditing(row?.id ?? null);
  };

  return (
    <Card
      title="内容管理"
      extra={
        <Space>
          <Link to="/content/links">横幅与链接</Link>
          <Button type="primary" onClick={() => void open(null)}>
            新建内容
          </Button>
        </Space>
      }
    >
      <Select
        allowClear
        placeholder="类型"
        style={{ width: 140, marginBottom: 16 }}
        value={filters.model}
        options={MODELS}
        onChange={(v?: string) => setFilters({ model: v })}
      />
      <Table<ContentRow>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: Number(filters.page ?? 1),
          total: list.data?.total ?? 0,
          onChange: (p) => setFilters({ ...filters, page: p }),
        }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          {
            title: '类型',
            dataIndex: 'model',
            render: (v: string) => MODELS.find((m) => m.value === v)?.label ?? v,
          },
          { title: '标识', dataIndex: 'slug' },
          { title: '排序', dataIndex: 'sort' },
          {
            title: '状态',
            dataIndex: 'published',
            render: (v: boolean) => (v ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          { title: '更新时间', dataIndex: 'updateTime', render: (v: number) => formatDateTime(v) },
          {
            title: '操作',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => void open(r)}>
                  编辑
                </Button>
                <PublishButton
                  published={r.published}
                  onToggle={(published) => publish.mutateAsync({ id: r.id, published })}
                />
                <DeleteButton
                  confirm={`删除“${r.title}”？`}
                  onDelete={() => remove.mutateAsync(r.id)}
                />
              </Space>
            ),
          },
        ]}
      />
      <Modal
        width={900}
        title={editing ? '编辑内容' : '新建内容'}
        open={editing !== undefined}
        onCancel={() => setEditing(undefined)}
        confirmLoading={save.isPending}
        onOk={() =>
          void form.validateFields().then(async (v) => {
            const attributes = Object.fromEntries(
              v.attributes.filter((a) => a.key.trim() !== '').map((a) => [a.key.trim(), a.value]),
            );
            await save.mutateAsync({ id: editing ?? null, body: { ...v, attributes } });
            setEditing(undefined);
          })
        }
      >
        <Form<FormValues> form={form} layout="vertical">
          <Form.Item name="model" label="类型">
            <Select options={MODELS} />
          </Form.Item>
          <Form.Item
            name="slug"
            label="标识（文章路由，如 about）"
            rules={[zodRule(contentInput.shape.slug)]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="title" label="标题" rules={[zodRule(contentInput.shape.title)]}>
            <Input />
          </Form.Item>
          <Form.Item name="summary" label="摘要" rules={[zodRule(contentInput.shape.summary)]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="info" label="正文" rules={[zodRule(contentInput.shape.info)]}>
            <RichTextField />
          </Form.Item>
          {/* Attributes are sent as one object (rows with an empty name left out), which the
              schema checks as a whole; the server's refusal names them. */}
          <Form.List name="attributes">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Input.Group compact key={f.key} style={{ marginBottom: 8 }}>
                    <Form.Item name={[f.name, 'key']} noStyle>
                      <Input style={{ width: 200 }} placeholder="属性名" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'value']} noStyle>
                      <Input style={{ width: 400 }} placeholder="属性值" />
                    </Form.Item>
                    <Button onClick={() => remove(f.name)}>删除</Button>
                  </Input.Group>
                ))}
                <Button onClick={() => add({ key: '', value: '' })} style={{ marginBottom: 16 }}>
                  添加属性
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item name="sort" label="排序" rules={[zodRule(contentInput.shape.sort)]}>
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item name="published" label="发布" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
