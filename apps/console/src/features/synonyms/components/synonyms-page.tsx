import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Space, Table, Typography } from 'antd';
import { DeleteButton } from '@/components/row-actions';
import { FormModal } from '@/components/form-modal';
import { PlusOutlined } from '@ant-design/icons';
import { synonymInput } from '@labshop/shared/schemas';
import { zodFormRule, zodRule } from '@/lib/zod-rule';
import { useDeleteSynonym, useSaveSynonym, useSynonymList, type SynonymRow } from '../api/synonyms';

/**
 * Abbreviations and everyday words buyers type, and the catalogue word the search looks for
 * instead (ACN -> 乙腈). Terms are matched case-blind; the server stores them in lower case.
 */
export default function SynonymsPage() {
  const { message } = App.useApp();
  const list = useSynonymList();
  const save = useSaveSynonym();
  const remove = useDeleteSynonym();
  const [key, setKey] = useState('');
  const [editing, setEditing] = useState<{ row: SynonymRow | null } | null>(null);

  const rows = useMemo(() => {
    const k = key.trim().toLowerCase();
    const all = list.data ?? [];
    return k === ''
      ? all
      : all.filter((r) => r.term.includes(k) || r.expansion.toLowerCase().includes(k));
  }, [list.data, key]);

  return (
    <Card
      title="搜索同义词"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          新增同义词
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        顾客搜索左侧的词时，商城按右侧的商品用词查找，例如搜索 ACN 即查找“乙腈”。
      </Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder="查找搜索词或商品用词"
        style={{ width: 280, marginBottom: 16 }}
        onSearch={setKey}
        onChange={(e) => setKey(e.target.value)}
      />
      <Table<SynonymRow>
        scroll={{ x: 'max-content' }}
        rowKey="term"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: '搜索词（缩写、俗称）', dataIndex: 'term' },
          { title: '对应的商品用词', dataIndex: 'expansion' },
          {
            title: '操作',
            width: 180,
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ row: r })}>
                  编辑
                </Button>
                <DeleteButton
                  confirm={`删除同义词“${r.term}”？`}
                  onDelete={() => remove.mutateAsync(r.term)}
                />
              </Space>
            ),
          },
        ]}
      />
      <FormModal
        title={editing?.row ? `编辑同义词：${editing.row.term}` : '新增同义词'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        form="synonym-form"
        saving={save.isPending}
      >
        {editing ? (
          <Form<SynonymRow>
            name="synonym-form"
            layout="vertical"
            preserve={false}
            initialValues={editing.row ?? { term: '', expansion: '' }}
            onFinish={(v) =>
              save.mutate(
                { from: editing.row?.term ?? null, body: v },
                {
                  onSuccess: () => {
                    void message.success(editing.row ? '保存成功' : '已添加');
                    setEditing(null);
                  },
                },
              )
            }
          >
            <Form.Item
              name="term"
              label="搜索词"
              extra="顾客输入的缩写或俗称，不区分大小写"
              rules={[zodRule(synonymInput.shape.term)]}
            >
              <Input placeholder="如：ACN" />
            </Form.Item>
            <Form.Item
              name="expansion"
              label="对应的商品用词"
              dependencies={['term']}
              rules={[
                zodRule(synonymInput.shape.expansion),
                zodFormRule(synonymInput, 'expansion'),
              ]}
            >
              <Input placeholder="如：乙腈" />
            </Form.Item>
          </Form>
        ) : null}
      </FormModal>
    </Card>
  );
}
