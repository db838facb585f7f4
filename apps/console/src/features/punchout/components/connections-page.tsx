import { useState } from 'react';
import { Alert, App, Button, Card, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@labshop/shared';
import type { PunchoutConnection } from '@labshop/shared/schemas';
import { useConnections, useSetConnectionEnabled } from '../api/connections';
import { useOrgOptions } from '../api/org-options';
import { ConnectionFormModal } from './connection-form-modal';
import { MessagesDrawer } from './messages-drawer';

const PROTOCOL_LABEL = { cxml: 'cXML', oci: 'OCI' } as const;

interface Created {
  id: number;
  identity: string;
  secret: string;
}

/**
 * 采购系统对接 (docs/punchout.md): the buyers' procurement systems that may open a PunchOut
 * session, each for one organization; staff add one (its secret shown once), disable or enable
 * it, and read the messages it sent and received.
 */
export default function ConnectionsPage() {
  const { message } = App.useApp();
  const list = useConnections();
  const orgs = useOrgOptions('');
  const setEnabled = useSetConnectionEnabled();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [reading, setReading] = useState<PunchoutConnection | null>(null);
  const orgName = new Map((orgs.data?.records ?? []).map((o) => [o.id, o.name]));

  return (
    <Card
      title="采购系统对接"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新增对接
        </Button>
      }
    >
      <Table<PunchoutConnection>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: '采购单位',
            dataIndex: 'orgId',
            render: (id: number) => orgName.get(id) ?? `单位 #${id}`,
          },
          {
            title: '协议',
            dataIndex: 'protocol',
            render: (p: PunchoutConnection['protocol']) => PROTOCOL_LABEL[p],
          },
          {
            title: '身份',
            render: (_: unknown, c) =>
              c.fromDomain ? `${c.fromDomain} / ${c.fromIdentity}` : c.fromIdentity,
          },
          {
            title: '允许的返回主机',
            dataIndex: 'allowedReturnHosts',
            render: (hosts: string[]) => hosts.join('、'),
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (on: boolean) => (on ? <Tag color="success">启用</Tag> : <Tag>已停用</Tag>),
          },
          { title: '创建时间', dataIndex: 'createdAt', render: (t: number) => formatDateTime(t) },
          {
            title: '操作',
            render: (_: unknown, c) => (
              <Space>
                <Button size="small" onClick={() => setReading(c)}>
                  消息
                </Button>
                <Popconfirm
                  title={
                    c.enabled
                      ? `停用“${c.fromIdentity}”的对接？`
                      : `启用“${c.fromIdentity}”的对接？`
                  }
                  description={c.enabled ? '停用后该采购系统无法再进入商城或下单' : undefined}
                  okText={c.enabled ? '停用' : '启用'}
                  cancelText="取消"
                  onConfirm={() =>
                    setEnabled.mutateAsync({ id: c.id, enabled: !c.enabled }).then(
                      () => void message.success(c.enabled ? '对接已停用' : '对接已启用'),
                      () => undefined,
                    )
                  }
                >
                  <Button size="small" danger={c.enabled}>
                    {c.enabled ? '停用' : '启用'}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ConnectionFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(c) => {
          setAdding(false);
          setCreated(c);
        }}
      />
      <Modal
        title="对接已创建"
        open={created !== null}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        okText="我已保存密钥"
        cancelButtonProps={{ style: { display: 'none' } }}
        maskClosable={false}
        // Closed, the dialog leaves no copy of the secret in the page.
        destroyOnHidden
      >
        {created && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert
              type="warning"
              showIcon
              message="共享密钥只显示这一次，关闭后无法再查看，请立即复制并交给采购系统管理员。"
            />
            <div>身份：{created.identity}</div>
            <div>
              共享密钥：
              <Typography.Text code copyable data-testid="punchout-secret">
                {created.secret}
              </Typography.Text>
            </div>
          </Space>
        )}
      </Modal>
      <MessagesDrawer connection={reading} onClose={() => setReading(null)} />
    </Card>
  );
}
