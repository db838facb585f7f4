import { App, Button, Form, Input, Skeleton, Typography } from 'antd';
import { emergencyPhoneInput, type EmergencyPhone } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useEmergencyPhone, useSaveEmergencyPhone } from '../api/emergency-phone';

/**
 * The 24-hour emergency phone (24 小时应急咨询电话) every GB 15258 safety label prints
 * (docs/safety.md): the shop's own or the one it has contracted. Until it is set, no label can
 * be printed.
 */
export function EmergencyPhoneForm() {
  const { message } = App.useApp();
  const current = useEmergencyPhone();
  const save = useSaveEmergencyPhone();
  if (current.isLoading) return <Skeleton active />;
  return (
    <Form<EmergencyPhone>
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={current.data ?? { phone: '' }}
      onFinish={(v) => save.mutate(v, { onSuccess: () => void message.success('保存成功') })}
    >
      <Typography.Paragraph type="secondary">
        打印在每张化学品安全标签上（供应商信息下方）。须为 24
        小时有人接听的化学事故应急咨询电话；未填写时无法打印安全标签。
      </Typography.Paragraph>
      <Form.Item
        name="phone"
        label="24 小时应急咨询电话"
        rules={[zodRule(emergencyPhoneInput.shape.phone)]}
      >
        <Input placeholder="如：0532-83889090" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
