import { App, Form, Input, List, Modal, Typography } from 'antd';
import { formatDateTime } from '@labshop/shared';
import { inboxReplyBody, type InboxRecord } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useReplies, useSendReply, type ReplyKind } from '../api/replies';

/** The thread of an online message or bulk inquiry, and an answer mailed to its writer. */
export function ReplyModal({
  kind,
  item,
  onClose,
}: {
  kind: ReplyKind;
  item: InboxRecord | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const id = item?.id ?? null;
  const thread = useReplies(kind, id);
  const send = useSendReply(kind, id);
  const [form] = Form.useForm<{ content: string }>();
  return (
    <Modal
      title={`邮件答复 ${item?.contact ?? ''}（${item?.email ?? ''}）`}
      open={item !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="发送"
      confirmLoading={send.isPending}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
        {item?.content}
      </Typography.Paragraph>
      <List
        size="small"
        loading={thread.isLoading}
        locale={{ emptyText: '尚未答复' }}
        dataSource={thread.data ?? []}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta
              title={`${r.staff} · ${formatDateTime(r.createTime)}`}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{r.content}</span>}
            />
          </List.Item>
        )}
      />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          send.mutate(v.content, {
            onSuccess: () => {
              void message.success('答复已发送');
              form.resetFields();
            },
          })
        }
      >
        <Form.Item
          name="content"
          label="答复内容（通过邮件发送给对方）"
          rules={[zodRule(inboxReplyBody.shape.content)]}
        >
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
