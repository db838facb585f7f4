import { useState } from 'react';
import { Drawer, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '@labshop/shared';
import type { PunchoutConnection, PunchoutMessage } from '@labshop/shared/schemas';
import { usePhoneScreen } from '@/hooks/use-phone-screen';
import { usePunchoutMessages } from '../api/messages';

/** Every message a connection received and sent, newest first, each one's document readable. */
export function MessagesDrawer({
  connection,
  onClose,
}: {
  connection: PunchoutConnection | null;
  onClose: () => void;
}) {
  const phone = usePhoneScreen();
  const messages = usePunchoutMessages(connection?.id ?? null);
  const [shown, setShown] = useState<PunchoutMessage | null>(null);

  return (
    <Drawer
      title={connection ? `对接消息：${connection.fromIdentity}` : '对接消息'}
      open={connection !== null}
      onClose={onClose}
      width={phone ? '100%' : 880}
      destroyOnHidden
    >
      <Table<PunchoutMessage>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={messages.isFetching}
        dataSource={messages.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (t: number) => formatDateTime(t) },
          {
            title: '方向',
            dataIndex: 'direction',
            render: (d: PunchoutMessage['direction']) =>
              d === 'in' ? <Tag color="blue">收到</Tag> : <Tag color="green">发出</Tag>,
          },
          { title: '类型', dataIndex: 'kind' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number) => <Tag color={s === 200 ? 'success' : 'error'}>{s}</Tag>,
          },
          {
            title: '内容',
            render: (_: unknown, m) => (
              <Typography.Link onClick={() => setShown(m)}>查看</Typography.Link>
            ),
          },
        ]}
      />
      <Drawer
        title={shown ? `${shown.kind}（${formatDateTime(shown.createdAt)}）` : ''}
        open={shown !== null}
        onClose={() => setShown(null)}
        width={phone ? '100%' : 760}
      >
        {shown && (
          <pre
            data-testid="punchout-message-body"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, margin: 0 }}
          >
            {shown.body}
          </pre>
        )}
      </Drawer>
    </Drawer>
  );
}
