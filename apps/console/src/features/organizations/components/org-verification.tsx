import { useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { formatDate, formatDateTime } from '@labshop/shared';
import { orgVerifyBody, type ManageOrgDetail, type OrgBudget } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useVerifyOrg } from '../api/verify-org';

const yuan = (v: number) => `￥${v.toFixed(2)}`;

function VerifyModal({
  org,
  verified,
  onClose,
  onDone,
}: {
  org: ManageOrgDetail;
  /** What staff set: true verifies, false withdraws or refuses; null: closed. */
  verified: boolean | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const verify = useVerifyOrg(org.id, onDone);
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      title={verified ? '通过单位认证' : '取消 / 不通过认证'}
      open={verified !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={verify.isPending}
      destroyOnHidden
    >
      <p>
        请先核对营业执照（或事业单位法人证书）的名称与统一社会信用代码：{org.name}
        {org.uscc ? `，${org.uscc}` : '（未填写统一社会信用代码）'}。
      </p>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ reason }) =>
          verified !== null &&
          verify.mutate({ verified, reason: reason ?? '' }, { onSuccess: onClose })
        }
      >
        <Form.Item
          name="reason"
          label={verified ? '备注' : '原因'}
          rules={[
            zodRule(orgVerifyBody.shape.reason),
            ...(verified ? [] : [{ required: true, whitespace: true, message: '请填写原因' }]),
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 单位认证 (docs/organizations.md): the verified flag with its note, verify / un-verify with a
 * reason for staff with members, the approval rules and the budgets.
 */
export function OrgVerification({
  org,
  mayVerify,
  onChanged,
}: {
  org: ManageOrgDetail;
  mayVerify: boolean;
  onChanged: () => unknown;
}) {
  const [verifying, setVerifying] = useState<boolean | null>(null);
  return (
    <Card
      title="单位认证与审批"
      size="small"
      extra={
        mayVerify && (
          <Space>
            {!org.verified && (
              <Button type="primary" onClick={() => setVerifying(true)}>
                通过认证
              </Button>
            )}
            <Button danger onClick={() => setVerifying(false)}>
              {org.verified ? '取消认证' : '不通过'}
            </Button>
          </Space>
        )
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          {
            label: '认证',
            children: org.verified ? <Tag color="green">已认证</Tag> : <Tag>未认证</Tag>,
          },
          {
            label: '认证时间',
            children: org.verifiedAt ? formatDateTime(org.verifiedAt) : '--',
          },
          { label: '认证备注', children: org.verifyReason || '--' },
          {
            label: '审批金额',
            children: org.approvalOver === null ? '不按金额审批' : yuan(org.approvalOver),
          },
          {
            label: '双人双签',
            children: org.regulatedNeedsSafety ? '含管制化学品须安全员审批' : '否',
          },
        ]}
      />
      <Table<OrgBudget>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={org.budgets}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无经费卡' }}
        columns={[
          { title: '经费卡号', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
          { title: '金额', dataIndex: 'amount', render: yuan },
          { title: '已用', dataIndex: 'used', render: yuan },
          { title: '剩余', dataIndex: 'remaining', render: yuan },
          {
            title: '有效期',
            key: 'validity',
            render: (_: unknown, b) => `${formatDate(b.validFrom)} 至 ${formatDate(b.validUntil)}`,
          },
        ]}
      />
      <VerifyModal
        org={org}
        verified={verifying}
        onClose={() => setVerifying(null)}
        onDone={onChanged}
      />
    </Card>
  );
}
