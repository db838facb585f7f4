import { App, Button, Form, Input, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { useSaveSetting, useSetting, type SettingKey } from '../api/settings';

export interface SettingField {
  name: string;
  label: string;
  max: number;
  rules?: Rule[];
  placeholder?: string;
  /** May be left empty. */
  optional?: boolean;
}

/** One settings record (company or bank) as a form of required text fields. */
export function SettingForm({ setting, fields }: { setting: SettingKey; fields: SettingField[] }) {
  const { message } = App.useApp();
  const current = useSetting(setting);
  const save = useSaveSetting(setting);

  if (current.isLoading) return <Skeleton active />;
  const initial = Object.fromEntries(fields.map((f) => [f.name, current.data?.[f.name] ?? '']));

  return (
    <Form<Record<string, string>>
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={initial}
      onFinish={(v) => save.mutate(v, { onSuccess: () => void message.success('保存成功') })}
    >
      {fields.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={f.label}
          rules={[
            ...(f.optional
              ? []
              : [{ required: true, whitespace: true, message: `请输入${f.label}` }]),
            { max: f.max, message: `${f.label}最多 ${f.max} 个字符` },
            ...(f.rules ?? []),
          ]}
        >
          <Input placeholder={f.placeholder} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
