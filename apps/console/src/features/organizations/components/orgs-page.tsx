import { Link } from 'react-router';
import { Card, Input, Table, Tag } from 'antd';
import { formatDateTime } from '@labshop/shared';
import type { ManageOrg } from '@labshop/shared/schemas';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useStaffOrgs } from '../api/orgs';

/** 单位客户: the organizations members buy for (docs/organizations.md, docs/contract-prices-credit.md). */
export default function OrgsPage() {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const size = Number(filters.size ?? 20);
  const orgs = useStaffOrgs({ ...filters, page, size });
  return (
    <Card
      title="单位客户"
      extra={
        <Input.Search
          allowClear
          placeholder="单位名称或信用代码"
          defaultValue={filters.keyword}
          onSearch={(keyword) => setFilters({ keyword: keyword.trim() || undefined })}
        />
      }
    >
      <Table<ManageOrg>
        rowKey="id"
        loading={orgs.isFetching}
        dataSource={orgs.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: size,
          total: orgs.data?.total ?? 0,
          onChange: (p, s) => setFilters({ ...filters, page: p, size: s }),
        }}
        columns={[
          {
            title: '单位名称',
            dataIndex: 'name',
            render: (name: string, r) => <Link to={`/organizations/${r.id}`}>{name}</Link>,
          },
          { title: '统一社会信用代码', dataIndex: 'uscc' },
          { title: '成员数', dataIndex: 'memberCount' },
          {
            title: '认证',
            dataIndex: 'verified',
            render: (v: boolean) => (v ? <Tag color="green">已认证</Tag> : <Tag>未认证</Tag>),
          },
          { title: '创建时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
}
