import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { formatDateTime } from '@labshop/shared';
import {
  NOTIFY_EVENTS,
  NOTIFY_EVENT_LABEL,
  OUTBOX_STATES,
  OUTBOX_STATE_LABEL,
  type OutboxRecord,
  type OutboxState,
} from '@labshop/shared/schemas';
import { useOutbox, useResend } from '../api/outbox';

const STATE_COLOR: Record<string, string> = {
  pending: 'blue',
  sending: 'processing',
  sent: 'green',
  failed: 'red',
  skipped: 'default',
};

const CHANNEL_LABEL: Record<string, string> = { email: '邮件', sms: '短信' };

/**
 * Every email and SMS the shop sent or will send (docs/notifications.md): its state, attempts
 * and last error; a failed or unsent one can be sent again.
 */
export default function OutboxPage() {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [state, setState] = useState<string | undefined>();
  const [event, setEvent] = useState<string | undefined>();
  const [recipient, setRecipient] = useState('');
  const list = useOutbox({ page, size, state, event, recipient: recipient || undefined });
  const resend = useResend();

  return (
    <Card title="通知发送记录">
      <Typography.Paragraph type="secondary">
        订单、付款、发货等通知的邮件和短信在这里排队发送；发送失败会自动重试，多次失败后标记为“发送失败”，可重新发送。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="发送状态"
          style={{ width: 140 }}
          value={state}
          onChange={(v?: string) => {
            setState(v);
            setPage(1);
          }}
          options={OUTBOX_STATES.map((s) => ({ value: s, label: OUTBOX_STATE_LABEL[s] }))}
        />
        <Select
          allowClear
          placeholder="通知类型"
          style={{ width: 200 }}
          value={event}
          onChange={(v?: string) => {
            setEvent(v);
            setPage(1);
          }}
          options={NOTIFY_EVENTS.map((e) => ({ value: e, label: NOTIFY_EVENT_LABEL[e] }))}
        />
        <Input.Search
          allowClear
          placeholder="收件人"
          style={{ width: 220 }}
          onSearch={(v) => {
            setRecipient(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<OutboxRecord>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
        }}
        expandable={{
          expandedRowRender: (r) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {r.body}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          { title: '类型', dataIndex: 'eventLabel' },
          { title: '渠道', dataIndex: 'channel', render: (v: string) => CHANNEL_LABEL[v] ?? v },
          { title: '收件人', dataIndex: 'recipient' },
          { title: '标题', dataIndex: 'subject', ellipsis: true, width: 280 },
          {
            title: '状态',
            dataIndex: 'state',
            render: (v: string) => (
              <Tag color={STATE_COLOR[v]}>{OUTBOX_STATE_LABEL[v as OutboxState] ?? v}</Tag>
            ),
          },
          { title: '尝试次数', dataIndex: 'attempts' },
          {
            title: '最近错误',
            dataIndex: 'lastError',
            ellipsis: true,
            width: 220,
            render: (v: string) => (v ? <Tooltip title={v}>{v}</Tooltip> : '—'),
          },
          {
            title: '发送时间',
            dataIndex: 'sentTime',
            render: (v: number | null) => (v ? formatDateTime(v) : '—'),
          },
          {
            title: '操作',
            render: (_: unknown, r) =>
              r.state === 'failed' || r.state === 'skipped' ? (
                <Button
                  size="small"
                  loading={resend.isPending && resend.variables === r.id}
                  onClick={() =>
                    resend.mutate(r.id, { onSuccess: () => void message.success('已重新排队发送') })
                  }
                >
                  重新发送
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
