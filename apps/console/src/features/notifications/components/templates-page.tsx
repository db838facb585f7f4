import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import { messageTemplateBody, type MessageTemplate } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import {
  usePreviewTemplate,
  useResetTemplate,
  useSaveTemplate,
  useTemplates,
  type TemplateText,
} from '../api/templates';

function Editor({ template }: { template: MessageTemplate }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateText & { orderId?: number | null }>();
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const preview = usePreviewTemplate();

  useEffect(() => {
    form.setFieldsValue({ subject: template.subject, body: template.body, sms: template.sms });
    preview.reset();
    // Only a different template (or its saved text) refills the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template.event, template.subject, template.body, template.sms]);

  const texts = () => {
    const v = form.getFieldsValue();
    return { event: template.event, subject: v.subject, body: v.body, sms: v.sms ?? '' };
  };

  return (
    <Card
      title={template.label}
      extra={template.edited ? <Tag color="blue">已修改</Tag> : <Tag>默认模板</Tag>}
    >
      <Typography.Paragraph type="secondary">
        可用占位符：
        {template.placeholders.map((p) => (
          <Tag key={p.name} style={{ marginBottom: 4 }}>
            {`{${p.name}}`} {p.label}
          </Tag>
        ))}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={() => save.mutate(texts(), { onSuccess: () => void message.success('保存成功') })}
      >
        <Form.Item name="subject" label="标题" rules={[zodRule(messageTemplateBody.shape.subject)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="body" label="正文" rules={[zodRule(messageTemplateBody.shape.body)]}>
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} maxLength={5000} />
        </Form.Item>
        {template.smsAllowed && (
          <Form.Item
            name="sms"
            label="短信内容"
            extra="短信由短信服务商的已审核模板发出，占位符作为模板参数传入"
            rules={[zodRule(messageTemplateBody.shape.sms)]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
          </Form.Item>
        )}
        {/* Sent with 预览 only, which does not submit the form: no rule here, or a preview's
            order id could block 保存. */}
        <Form.Item name="orderId" label="预览使用的订单 ID（留空使用最新订单）">
          <InputNumber min={1} style={{ width: 200 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button
            loading={preview.isPending}
            onClick={() => {
              const orderId = form.getFieldValue('orderId') as number | null | undefined;
              preview.mutate({ ...texts(), ...(orderId ? { orderId } : {}) });
            }}
          >
            预览
          </Button>
          <Popconfirm
            title="恢复为默认模板？"
            disabled={!template.edited}
            onConfirm={() =>
              reset.mutate(template.event, {
                onSuccess: () => void message.success('已恢复默认模板'),
              })
            }
          >
            <Button disabled={!template.edited}>恢复默认</Button>
          </Popconfirm>
        </Space>
      </Form>
      {preview.data && (
        <Card size="small" style={{ marginTop: 16 }} title={`预览：${preview.data.subject}`}>
          {preview.data.orderNumber && (
            <Typography.Paragraph type="secondary">
              使用订单 {preview.data.orderNumber}
            </Typography.Paragraph>
          )}
          <iframe
            title="邮件预览"
            sandbox=""
            srcDoc={preview.data.html}
            style={{ width: '100%', height: 360, border: '1px solid #f0f0f0' }}
          />
          {preview.data.sms && (
            <Typography.Paragraph style={{ marginTop: 12 }}>
              短信：{preview.data.sms}
            </Typography.Paragraph>
          )}
        </Card>
      )}
    </Card>
  );
}

/** The texts of every notification, edited by staff and previewed with a real order. */
export default function TemplatesPage() {
  const list = useTemplates();
  const [selected, setSelected] = useState<string | null>(null);
  const templates = list.data ?? [];
  const current = templates.find((t) => t.event === selected) ?? templates[0];

  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <Card title="通知模板" loading={list.isLoading}>
          <List
            dataSource={templates}
            renderItem={(t) => (
              <List.Item
                style={{
                  cursor: 'pointer',
                  background: t.event === current?.event ? '#e6f4ff' : undefined,
                  paddingInline: 8,
                }}
                onClick={() => setSelected(t.event)}
              >
                {t.label}
                {t.edited && <Tag color="blue">已修改</Tag>}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={17}>
        {current && <Editor template={current} />}
      </Col>
    </Row>
  );
}
