import { App, Button, Form, Input, Skeleton, Typography } from 'antd';
import { licencesInput, type Licences } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useLicences, useSaveLicences } from '../api/licences';

/**
 * The seller's licence numbers in the storefront footer (docs/compliance.md section 6): the
 * 危险化学品经营许可证 and the 易制毒化学品经营备案. Content staff keep them current; saved at once.
 */
export function LicencesForm() {
  const { message } = App.useApp();
  const current = useLicences();
  const save = useSaveLicences();
  if (current.isLoading) return <Skeleton active />;
  return (
    <Form<Licences>
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={current.data ?? { hazardLicence: '', precursorRecord: '' }}
      onFinish={(v) => save.mutate(v, { onSuccess: () => void message.success('保存成功') })}
    >
      <Typography.Paragraph type="secondary">
        显示在网站页脚；多个编号用“；”分隔，留空则不显示编号。
      </Typography.Paragraph>
      <Form.Item
        name="hazardLicence"
        label="危险化学品经营许可证"
        rules={[zodRule(licencesInput.shape.hazardLicence)]}
      >
        <Input placeholder="如：京应急危化经字〔2025〕000123号" />
      </Form.Item>
      <Form.Item
        name="precursorRecord"
        label="易制毒化学品经营备案"
        rules={[zodRule(licencesInput.shape.precursorRecord)]}
      >
        <Input placeholder="第三类易制毒化学品经营备案证明编号" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
