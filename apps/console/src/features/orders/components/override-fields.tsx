import { Form, Input, Switch } from 'antd';
import type { Rule } from 'antd/es/form';

/**
 * 备注不符，仍确认收款 and its reason, for a transfer whose note does not match its order(s): the
 * switch, and once it is on, the required reason (docs/console.md, "Orders"). Used by the
 * 确认收款 and 合并确认收款 dialogs, each with its own body's rules for the reason.
 */
export function OverrideFields({
  override,
  reasonRules,
  hint,
}: {
  /** The switch's current value (Form.useWatch('override')). */
  override: boolean;
  reasonRules: Rule[];
  hint?: string;
}) {
  return (
    <>
      <Form.Item name="override" label="备注不符，仍确认收款" valuePropName="checked">
        <Switch aria-label="备注不符，仍确认收款" />
      </Form.Item>
      {override && (
        <Form.Item name="overrideReason" label="原因" required rules={reasonRules} extra={hint}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      )}
    </>
  );
}
