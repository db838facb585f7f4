import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Image,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Typography,
} from 'antd';
import { formatDateTime } from '@labshop/shared';
import {
  MONEY_ROUTING_LABEL,
  settingChangeLines,
  type MoneyRoutingSetting,
} from '@labshop/shared/schemas';
import { mayDo, useSession } from '@/lib/session';
import {
  useConfirmSettingChange,
  useRejectSettingChange,
  useSettingChanges,
} from '../api/setting-changes';

const REASON_MAX = 200;

/** A field's value as staff compare it: the seal as its picture, text as typed. */
function Value({ field, value }: { field: string; value: string }) {
  if (value === '') return <Typography.Text type="secondary">（空）</Typography.Text>;
  if (field === 'image') return <Image src={value} alt="印章" width={80} />;
  return <>{value}</>;
}

/**
 * The pending change of a money-routing setting (docs/console.md, "Money routing"): who proposed
 * it, when, and each field old → new. Another finance or admin member confirms (确认生效) or
 * rejects (驳回) it; the proposer is told a second person must confirm and may withdraw it.
 * Nothing shows while no change is pending.
 */
export function PendingChange({ setting }: { setting: MoneyRoutingSetting }) {
  const { message } = App.useApp();
  const session = useSession();
  const changes = useSettingChanges(setting);
  const confirm = useConfirmSettingChange();
  const reject = useRejectSettingChange();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');

  const pending = changes.data?.find((c) => c.status === 'pending');
  if (!pending) return null;
  const lines = settingChangeLines(setting, pending.before, pending.after);
  const mayDecide = mayDo(session, 'setting.confirm');

  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16, maxWidth: 720 }}
      message={`${MONEY_ROUTING_LABEL[setting]}有一项待确认的变更`}
      description={
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text>
            {pending.proposedBy.name} 于 {formatDateTime(pending.proposedAt)}{' '}
            提交。须由另一位财务或管理员确认后才生效，生效前买家和单据上仍是原设置。
          </Typography.Text>
          <Table
            size="small"
            pagination={false}
            rowKey="field"
            dataSource={lines}
            columns={[
              { title: '项目', dataIndex: 'label', width: 160 },
              {
                title: '原值',
                dataIndex: 'before',
                render: (v: string, l) => <Value field={l.field} value={v} />,
              },
              {
                title: '新值',
                dataIndex: 'after',
                render: (v: string, l) => <Value field={l.field} value={v} />,
              },
            ]}
          />
          {pending.mine ? (
            <Space wrap>
              <Typography.Text strong>
                这是您提交的变更，您本人不能确认，请另一位财务或管理员确认。
              </Typography.Text>
              <Popconfirm
                title="撤回这项变更？"
                onConfirm={() =>
                  reject.mutate(
                    { id: pending.id, reason: '' },
                    { onSuccess: () => void message.success('变更已撤回') },
                  )
                }
              >
                <Button loading={reject.isPending}>撤回</Button>
              </Popconfirm>
            </Space>
          ) : (
            mayDecide && (
              <Space>
                <Popconfirm
                  title="确认后买家和单据将使用新的设置，确定生效？"
                  onConfirm={() =>
                    confirm.mutate(pending.id, {
                      onSuccess: () => void message.success('变更已确认生效'),
                    })
                  }
                >
                  <Button type="primary" loading={confirm.isPending}>
                    确认生效
                  </Button>
                </Popconfirm>
                <Button danger onClick={() => setRejecting(true)}>
                  驳回
                </Button>
              </Space>
            )
          )}
          <Modal
            title="驳回变更"
            open={rejecting}
            okText="驳回"
            okButtonProps={{ danger: true, loading: reject.isPending }}
            onCancel={() => setRejecting(false)}
            onOk={() =>
              reject.mutate(
                { id: pending.id, reason: reason.trim() },
                {
                  onSuccess: () => {
                    setRejecting(false);
                    setReason('');
                    void message.success('变更已驳回');
                  },
                },
              )
            }
            destroyOnHidden
          >
            <Input.TextArea
              aria-label="驳回原因"
              placeholder="驳回原因（选填）"
              maxLength={REASON_MAX}
              showCount
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Modal>
        </Space>
      }
    />
  );
}
