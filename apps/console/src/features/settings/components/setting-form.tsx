import { App, Button, Form, Input, Skeleton, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { zodRule } from '@/lib/zod-rule';
import { useProposeSetting, useSetting, type SettingKey } from '../api/settings';
import { useSettingChanges } from '../api/setting-changes';
import { PendingChange } from './pending-change';

export interface SettingField {
  name: string;
  label: string;
  /** The field's schema in the setting's request body (companyInput, bankInput). */
  schema: z.ZodType;
  /** Checks the form makes beyond the server's. */
  rules?: Rule[];
  placeholder?: string;
}

/**
 * One money-routing setting (company or bank) as a form of text fields checked by their
 * schemas, filled with the value in force. 提交变更 proposes the values; they take effect once
 * another finance or admin member confirms them, so the form waits while a change is pending.
 */
export function SettingForm({ setting, fields }: { setting: SettingKey; fields: SettingField[] }) {
  const { message } = App.useApp();
  const current = useSetting(setting);
  const changes = useSettingChanges(setting);
  const propose = useProposeSetting(setting);

  if (current.isLoading) return <Skeleton active />;
  const initial = Object.fromEntries(fields.map((f) => [f.name, current.data?.[f.name] ?? '']));
  const pending = changes.data?.some((c) => c.status === 'pending') ?? false;

  return (
    <>
      <PendingChange setting={setting} />
      <Form<Record<string, string>>
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={initial}
        onFinish={(v) =>
          propose.mutate(v, {
            onSuccess: () => void message.success('变更已提交，须由另一位财务或管理员确认后生效'),
          })
        }
      >
        <Typography.Paragraph type="secondary">
          修改提交后须由另一位财务或管理员确认才生效，生效前买家看到的仍是当前设置。
        </Typography.Paragraph>
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
        <Button type="primary" htmlType="submit" loading={propose.isPending} disabled={pending}>
          提交变更
        </Button>
      </Form>
    </>
  );
}
