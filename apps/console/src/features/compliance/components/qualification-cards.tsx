import { Button, List, Space, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { QUALIFICATION_LABEL, formatDateTime } from '@labshop/shared';
import type { ManageQualification } from '@labshop/shared/schemas';
import { Expiry, OwnerOf, StatusTag } from './qualification-status';

/**
 * Members' documents (资质文件) on a phone: one card each with its kind and state, holder (an
 * organization's marked 单位资质 with its name), number, member, expiry and when it came, instead
 * of eight columns one character wide.
 */
export function QualificationCards({
  rows,
  loading,
  pagination,
  onOpen,
}: {
  rows: ManageQualification[];
  loading: boolean;
  pagination: Pick<TablePaginationConfig, 'current' | 'pageSize' | 'total' | 'onChange'>;
  onOpen: (id: number) => void;
}) {
  return (
    <List<ManageQualification>
      loading={loading}
      dataSource={rows}
      rowKey="id"
      pagination={{ ...pagination, size: 'small', simple: true, align: 'center' }}
      renderItem={(q) => (
        <List.Item data-testid="qualification-card" style={{ display: 'block' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
            <Typography.Text strong>{QUALIFICATION_LABEL[q.kind]}</Typography.Text>
            <StatusTag status={q.status} />
          </Space>
          <div style={{ marginTop: 4, wordBreak: 'break-all' }}>
            {q.orgId !== null && <OwnerOf q={q} />}
            {q.orgId === null && q.holder}
          </div>
          <Typography.Text type="secondary" style={{ display: 'block', wordBreak: 'break-all' }}>
            {`编号 ${q.number} · 会员 ${q.account}`}
          </Typography.Text>
          <Space
            style={{ width: '100%', justifyContent: 'space-between', marginTop: 4 }}
            align="center"
          >
            <Space size={4} wrap>
              <Typography.Text type="secondary">有效期</Typography.Text>
              <Expiry q={q} />
              <Typography.Text type="secondary">{formatDateTime(q.createTime)}</Typography.Text>
            </Space>
            <Button size="small" onClick={() => onOpen(q.id)} data-testid={`review-${q.id}`}>
              {q.status === 'pending' ? '审核' : '查看'}
            </Button>
          </Space>
        </List.Item>
      )}
    />
  );
}
