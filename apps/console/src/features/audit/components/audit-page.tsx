import { Card, Input, Table } from 'antd';
import { auditActionLabel, formatDateTime } from '@labshop/shared';
import { AuditChanges } from '@/components/audit-changes';
import type { AuditRecord } from '@labshop/shared/schemas';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useAudit } from '../api/get-audit';

export default function AuditPage() {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const audit = useAudit({ ...filters, size: 20 });
  return (
    <Card title="操作日志">
      <Input.Search
        placeholder="对象，如 order:12、member:3"
        defaultValue={filters.target}
        allowClear
        enterButton="查询"
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(target) => setFilters({ target: target.trim() })}
      />
      <Table<AuditRecord>
        rowKey="id"
        loading={audit.isFetching}
        dataSource={audit.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: audit.data?.total ?? 0,
          onChange: (p) => setFilters({ ...filters, page: p }),
        }}
        columns={[
          { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          { title: '操作人', dataIndex: 'staff' },
          { title: '操作', dataIndex: 'action', render: (a: string) => auditActionLabel(a) },
          { title: '对象', dataIndex: 'target' },
          {
            title: '变更内容',
            render: (_, r) => <AuditChanges action={r.action} before={r.before} after={r.after} />,
          },
        ]}
      />
    </Card>
  );
}
