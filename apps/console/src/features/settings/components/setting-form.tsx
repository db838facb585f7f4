import { App, Button, Form, Input, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { zodRule } from '@/lib/zod-rule';
import { useSaveSetting, useSetting, type SettingKey } from '../api/settings';

export interface SettingField {
  name: string;
  label: string;
  /** The field's schema in the setting's request body (companyInput, bankInput). */
  schema: z.ZodType;
  /** Checks the form makes beyond the server's. */
  rules?: Rule[];
  placeholder?: string;
}

/** One settings record (company or bank) as a form of text fields checked by their schemas. */
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
          rules={[zodRule(f.schema), ...(f.rules ?? [])]}
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
