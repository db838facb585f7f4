import { useParams } from 'react-router';
import { Card, Descriptions, Result, Space, Spin, Table, Tag } from 'antd';
import { ORG_ROLE_LABEL, type OrgRole } from '@labshop/shared/schemas';
import { can, useSession } from '@/lib/session';
import { useOrgCredit, useStaffOrg } from '../api/orgs';
import { CreditCard } from './credit-card';
import { StatementCard } from './statement-card';
import { OrgVerification } from './org-verification';

/**
 * An organization: its facts and members, its verification (docs/organizations.md), its 信用额度
 * and its monthly 对账单 (docs/contract-prices-credit.md).
 */
export default function OrgDetailPage() {
  const id = Number(useParams().id);
  const org = useStaffOrg(id);
  const credit = useOrgCredit(id);
  const session = useSession();
  const finance = can(session, 'finance');
  if (org.isPending) return <Spin />;
  if (org.isError) return <Result status="404" title="单位不存在" />;
  const o = org.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={o.name} size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { label: '统一社会信用代码', children: o.uscc || '--' },
            {
              label: '认证',
              children: o.verified ? <Tag color="green">已认证</Tag> : <Tag>未认证</Tag>,
            },
            { label: '成员数', children: o.memberCount },
          ]}
        />
        <Table
          rowKey="userId"
          size="small"
          pagination={false}
          dataSource={o.members}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '账号', dataIndex: 'account' },
            { title: '姓名', dataIndex: 'name' },
            {
              title: '角色',
              dataIndex: 'role',
              render: (role: OrgRole) => ORG_ROLE_LABEL[role],
            },
          ]}
        />
      </Card>
      <OrgVerification
        org={o}
        mayVerify={can(session, 'members')}
        onChanged={() => org.refetch()}
      />
      <CreditCard orgId={id} credit={credit.data} editable={finance} />
      {finance && <StatementCard orgId={id} mayFinance={finance} />}
    </Space>
  );
}
