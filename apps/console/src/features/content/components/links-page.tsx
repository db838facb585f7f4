import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Upload,
} from 'antd';
import { linkInput } from '@labshop/shared/schemas';
import { DeleteButton, PublishButton } from '@/components/row-actions';
import { zodRule } from '@/lib/zod-rule';
import { useLinks, type LinkRow } from '../api/get-links';
import { useSaveLink, type LinkBody } from '../api/save-link';
import { uploadContentImage, useDeleteLink, usePublishLink } from '../api/content-actions';

/** Banner group of the home page carousel. */
const BANNER_GROUP = 'yifanglabbanner';

export default function LinksPage() {
  const links = useLinks();
  const save = useSaveLink();
  const publish = usePublishLink();
  const remove = useDeleteLink();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<{ id: number | null; values: LinkBody } | null>(null);
  const [form] = Form.useForm<LinkBody>();

  const open = (row: LinkRow | null) => {
    const values: LinkBody = row
      ? {
          cid: row.cid,
          title: row.title,
          img: row.img,
          url: row.url,
          sort: row.sort,
          published: row.published,
        }
      : { cid: BANNER_GROUP, title: '', img: '', url: '', sort: 0, published: true };
    form.setFieldsValue(values);
    setEditing({ id: row?.id ?? null, values });
  };

  return (
    <Card
      title="横幅与链接"
      extra={
        <Button type="primary" onClick={() => open(null)}>
          新建
        </Button>
      }
    >
      <Table<LinkRow>
        rowKey="id"
        loading={links.isFetching}
        dataSource={links.data ?? []}
        pagination={false}
        columns={[
          {
            title: '分组',
            dataIndex: 'cid',
            render: (v: string) => (v === BANNER_GROUP ? '首页横幅' : v),
          },
          { title: '标题', dataIndex: 'title' },
          {
            title: '图片',
            dataIndex: 'img',
            render: (v: string) => (v ? <img src={v} alt="" style={{ height: 40 }} /> : null),
          },
          { title: '链接', dataIndex: 'url' },
          { title: '排序', dataIndex: 'sort' },
          {
            title: '状态',
            dataIndex: 'published',
            render: (v: boolean) => (v ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          {
            title: '操作',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => open(r)}>
                  编辑
                </Button>
                <PublishButton
                  published={r.published}
                  onToggle={(published) => publish.mutateAsync({ id: r.id, published })}
                />
                <DeleteButton
                  confirm={`删除“${r.title || r.url}”？`}
                  onDelete={() => remove.mutateAsync(r.id)}
                />
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing?.id ? '编辑链接' : '新建链接'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        onOk={() =>
          void form.validateFields().then(async (body) => {
            await save.mutateAsync({ id: editing?.id ?? null, body });
            setEditing(null);
          })
        }
      >
        <Form<LinkBody> form={form} layout="vertical">
          <Form.Item name="cid" label="分组" rules={[zodRule(linkInput.shape.cid)]}>
            <Input />
          </Form.Item>
          <Form.Item name="title" label="标题" rules={[zodRule(linkInput.shape.title)]}>
            <Input />
          </Form.Item>
          <Form.Item label="图片地址">
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="img" noStyle rules={[zodRule(linkInput.shape.img)]}>
                <Input aria-label="图片地址" />
              </Form.Item>
              <Upload
                accept="image/png,image/jpeg,image/webp,image/gif"
                showUploadList={false}
                beforeUpload={(file) => {
                  setUploading(true);
                  uploadContentImage(file)
                    .then((url) => form.setFieldValue('img', url))
                    .catch((e: unknown) =>
                      message.error(e instanceof Error ? e.message : '图片上传失败'),
                    )
                    .finally(() => setUploading(false));
                  return false;
                }}
              >
                <Button loading={uploading}>上传图片</Button>
              </Upload>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="url" label="链接地址" rules={[zodRule(linkInput.shape.url)]}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[zodRule(linkInput.shape.sort)]}>
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
