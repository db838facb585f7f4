import { Link } from 'react-router';
import { Card, Input, Table, Tag } from 'antd';
import { formatDateTime } from '@labshop/shared';
import type { MemberRecord } from '@labshop/shared/schemas';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { sortColumn, sortOf } from '@/lib/table-sort';
import { useMembers } from '../api/get-members';

export default function MembersPage() {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const size = Number(filters.size ?? 20);
  const members = useMembers(filters);
  return (
    <Card title="会员管理">
      <Input.Search
        placeholder="手机号 / 邮箱 / 姓名 / 公司"
        defaultValue={filters.key}
        allowClear
        enterButton="查询"
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(key) => setFilters({ key: key.trim(), sort: filters.sort, size })}
      />
      <Table<MemberRecord>
        rowKey="id"
        loading={members.isFetching}
        dataSource={members.data?.records ?? []}
        onChange={(_p, _f, sorter, { action }) => {
          if (action === 'sort') setFilters({ ...filters, sort: sortOf(sorter), page: 1 });
        }}
        pagination={{
          current: page,
          pageSize: size,
          total: members.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => setFilters({ ...filters, page: p, size: s }),
        }}
        columns={[
          {
            title: '账号',
            dataIndex: 'account',
            render: (v: string, r) => <Link to={`/members/${r.id}`}>{v}</Link>,
          },
          { title: '手机号', dataIndex: 'phone' },
          { title: '姓名', dataIndex: 'name' },
          { title: '公司', dataIndex: 'company' },
          {
            title: '余额',
            dataIndex: 'balance',
            render: (v: number) => `￥${v.toFixed(2)}`,
            ...sortColumn(filters.sort, 'balance'),
          },
          {
            title: '状态',
            dataIndex: 'disabled',
            render: (d: boolean) =>
              d ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>,
          },
          {
            title: '注册时间',
            dataIndex: 'createTime',
            render: (v: number) => formatDateTime(v),
            ...sortColumn(filters.sort, 'createTime'),
          },
        ]}
      />
    </Card>
  );
}
