import { Card, Descriptions, Tag, Timeline } from 'antd';
import { formatDateTime } from '@labshop/shared';
import {
  APPROVAL_STATUS_LABEL,
  ORG_ROLE_LABEL,
  type ManageOrderDetail,
  type OrgOrder,
} from '@labshop/shared/schemas';
import { Link } from 'react-router';

/** What an organization's order carries (docs/organizations.md); absent on others. */
type OrgFacts = Partial<Pick<OrgOrder, 'orgId' | 'orgName' | 'budgetCode' | 'approval'>>;

const DECISION = {
  pending: { label: '待审批', color: 'orange' },
  approved: { label: '同意', color: 'green' },
  rejected: { label: '驳回', color: 'red' },
} as const;

/** 单位采购: the organization, its budget and the approval trail; staff cannot ship it pending. */
export function OrgApprovalCard({ order }: { order: ManageOrderDetail & OrgFacts }) {
  if (order.orgId == null || !order.approval) return null;
  const { approval } = order;
  return (
    <Card title="单位采购" size="small" data-testid="order-org">
      <Descriptions column={{ xs: 1, sm: 3 }} size="small">
        <Descriptions.Item label="采购单位">
          <Link to={`/organizations/${order.orgId}`}>{order.orgName}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="经费卡">{order.budgetCode || '--'}</Descriptions.Item>
        <Descriptions.Item label="审批状态">
          <Tag color={approval.status === 'pending' ? 'orange' : undefined}>
            {APPROVAL_STATUS_LABEL[approval.status]}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
      {approval.steps.length > 0 && (
        <Timeline
          style={{ marginTop: 12 }}
          items={approval.steps.map((s) => ({
            color: DECISION[s.decision].color,
            children: (
              <span>
                {ORG_ROLE_LABEL[s.role]} {s.name || '--'} {DECISION[s.decision].label}
                {s.time !== null && ` · ${formatDateTime(s.time)}`}
                {s.remark && <div>备注：{s.remark}</div>}
              </span>
            ),
          }))}
        />
      )}
    </Card>
  );
}
