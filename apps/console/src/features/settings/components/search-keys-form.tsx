import { App, Button, Form, Input, Skeleton, Space, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { searchKeysBody } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useSaveSearchKeys, useSearchKeys } from '../api/settings';

const MAX_KEYS = 50;

/** The hot search keywords under the storefront's search box, in order. */
export function SearchKeysForm() {
  const { message } = App.useApp();
  const current = useSearchKeys();
  const save = useSaveSearchKeys();

  if (current.isLoading) return <Skeleton active />;

  return (
    <Form<{ keywords: string[] }>
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ keywords: current.data ?? [] }}
      onFinish={(v) =>
        save.mutate(
          v.keywords.map((k) => k.trim()),
          { onSuccess: () => void message.success('保存成功') },
        )
      }
    >
      <Typography.Paragraph type="secondary">
        显示在商城搜索框下方，按此顺序排列，最多 {MAX_KEYS} 个。
      </Typography.Paragraph>
      <Form.List name="keywords">
        {(fields, { add, remove, move }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" style={{ display: 'flex' }}>
                <Form.Item
                  name={field.name}
                  rules={[
                    zodRule(searchKeysBody.shape.keywords.element),
                    ({ getFieldValue }) => ({
                      validator: (_, value: string | undefined) => {
                        const all = (getFieldValue('keywords') as string[]).map((k) =>
                          (k ?? '').trim(),
                        );
                        const mine = (value ?? '').trim();
                        return mine !== '' && all.indexOf(mine) !== index
                          ? Promise.reject(new Error(`热门搜索词重复：${mine}`))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Input aria-label={`热门搜索词 ${index + 1}`} style={{ width: 320 }} />
                </Form.Item>
                <Button
                  aria-label="上移"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  aria-label="下移"
                  icon={<ArrowDownOutlined />}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button aria-label="删除" icon={<DeleteOutlined />} onClick={() => remove(index)} />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_KEYS}
              onClick={() => add('')}
              style={{ marginBottom: 16 }}
            >
              添加搜索词
            </Button>
          </>
        )}
      </Form.List>
      <div>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </div>
    </Form>
  );
}
