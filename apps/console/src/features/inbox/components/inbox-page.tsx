import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Radio, Select, Space, Table, Tabs, Tag } from 'antd';
import { CUSTOM_STATUS_LABEL, formatDateTime } from '@labshop/shared';
import {
  customizedResultBody,
  HANDLE_STATUS_LABEL,
  inboxUpdateBody,
  INBOX_KINDS,
  INBOX_KIND_LABEL,
  type InboxKind,
  type InboxRecord,
} from '@labshop/shared/schemas';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { api } from '@/lib/api-client';
import { can, useSession } from '@/lib/session';
import { zodRule } from '@/lib/zod-rule';
import { useInbox } from '../api/get-inbox';
import { useStaffOptions } from '../api/get-staff-options';
import { useResolveCustomized } from '../api/resolve-customized';
import { useUpdateHandling } from '../api/update-handling';
import { QuoteFromInquiryModal } from './quote-from-inquiry-modal';
import { ReplyModal } from './reply-modal';

const HANDLE_COLOR: Record<number, string> = { 1: 'red', 2: 'blue', 3: 'green' };
const handleOptions = Object.entries(HANDLE_STATUS_LABEL).map(([v, label]) => ({
  value: Number(v),
  label,
}));

function HandleModal({
  kind,
  item,
  onClose,
}: {
  kind: InboxKind;
  item: InboxRecord | null;
  onClose: () => void;
}) {
  const update = useUpdateHandling(kind);
  const staff = useStaffOptions();
  const [form] = Form.useForm<{
    handleStatus: number;
    staffRemark: string;
    assigneeId: number | null;
  }>();
  return (
    <Modal
      title="处理"
      open={item !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          handleStatus: item?.handleStatus,
          staffRemark: item?.staffRemark,
          assigneeId: item?.assigneeId ?? null,
        }}
        onFinish={(v) =>
          update.mutate(
            { id: item?.id ?? 0, ...v, assigneeId: v.assigneeId ?? null },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item name="handleStatus" label="处理状态">
          <Radio.Group options={handleOptions} optionType="button" />
        </Form.Item>
        <Form.Item name="assigneeId" label="负责人">
          <Select
            allowClear
            placeholder="指派给"
            options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item
          name="staffRemark"
          label="内部备注"
          rules={[zodRule(inboxUpdateBody.shape.staffRemark)]}
        >
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResolveModal({ item, onClose }: { item: InboxRecord | null; onClose: () => void }) {
  const resolve = useResolveCustomized();
  const [form] = Form.useForm<{ status: number; reply: string }>();
  return (
    <Modal
      title="定制处理结果"
      open={item !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={resolve.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ status: 2 }}
        onFinish={(v) => resolve.mutate({ id: item?.id ?? 0, ...v }, { onSuccess: onClose })}
      >
        <Form.Item name="status" label="结果">
          <Radio.Group
            options={[
              { value: 2, label: '已处理' },
              { value: 3, label: '已取消' },
            ]}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          name="reply"
          label="回复会员（会员在定制详情中可见）"
          rules={[zodRule(customizedResultBody.shape.reply)]}
        >
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function InboxPage() {
  const { filters, setFilters } = useUrlFilters();
  const kind = (INBOX_KINDS as readonly string[]).includes(filters.kind ?? '')
    ? (filters.kind as InboxKind)
    : 'messages';
  const page = Number(filters.page ?? 1);
  const { kind: _kind, ...query } = filters;
  const list = useInbox(kind, { ...query, size: 20 });
  const [handling, setHandling] = useState<InboxRecord | null>(null);
  const [resolving, setResolving] = useState<InboxRecord | null>(null);
  const [replying, setReplying] = useState<InboxRecord | null>(null);
  const [quoting, setQuoting] = useState<InboxRecord | null>(null);
  const session = useSession();

  return (
    <Card title="消息中心">
      <Tabs
        activeKey={kind}
        onChange={(k) => setFilters({ kind: k })}
        items={INBOX_KINDS.map((k) => ({ key: k, label: INBOX_KIND_LABEL[k] }))}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          placeholder="处理状态"
          allowClear
          style={{ width: 120 }}
          value={filters.handleStatus ? Number(filters.handleStatus) : undefined}
          options={handleOptions}
          onChange={(v?: number) => setFilters({ ...filters, handleStatus: v, page: 1 })}
        />
        <Input.Search
          placeholder="联系人 / 电话 / 单位"
          allowClear
          defaultValue={filters.key}
          style={{ width: 260 }}
          onSearch={(key) => setFilters({ ...filters, key: key.trim(), page: 1 })}
        />
        <Button
          onClick={() =>
            void api.download(
              `/manage/v1/inbox/${kind}/export`,
              query,
              `${INBOX_KIND_LABEL[kind]}.xlsx`,
            )
          }
        >
          导出 Excel
        </Button>
      </Space>
      <Table<InboxRecord>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p) => setFilters({ ...filters, page: p }),
        }}
        columns={[
          {
            title: '提交时间',
            dataIndex: 'createTime',
            width: 170,
            render: (v: number) => formatDateTime(v),
          },
          { title: '联系人', dataIndex: 'contact', width: 100 },
          { title: '电话', dataIndex: 'phone', width: 130 },
          {
            title: '单位/邮箱',
            render: (_, r) => [r.company, r.email].filter(Boolean).join(' / '),
          },
          { title: '内容', render: (_, r) => [r.content, r.detail].filter(Boolean).join('；') },
          {
            title: '状态',
            width: 150,
            // One status per row: a custom request that has its result shows the result the
            // member sees (已处理 / 已取消); until then, like the other kinds, how far staff are.
            render: (_, r) =>
              r.status !== null && r.status !== 1 ? (
                <Tag color={r.status === 2 ? 'green' : 'default'}>
                  {CUSTOM_STATUS_LABEL[r.status]}
                </Tag>
              ) : (
                <Tag color={HANDLE_COLOR[r.handleStatus]}>
                  {HANDLE_STATUS_LABEL[r.handleStatus]}
                </Tag>
              ),
          },
          { title: '负责人', dataIndex: 'assignee', width: 90 },
          { title: '内部备注', dataIndex: 'staffRemark' },
          {
            title: '操作',
            width: 280,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setHandling(r)}>
                  处理
                </Button>
                {(kind === 'messages' || kind === 'inquiries') && r.email && (
                  <Button size="small" onClick={() => setReplying(r)}>
                    答复
                  </Button>
                )}
                {kind === 'inquiries' && can(session, 'orders') && (
                  <Button size="small" onClick={() => setQuoting(r)}>
                    生成报价
                  </Button>
                )}
                {kind === 'customized' && r.status === 1 && (
                  <Button size="small" onClick={() => setResolving(r)}>
                    结果
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <HandleModal kind={kind} item={handling} onClose={() => setHandling(null)} />
      <ResolveModal item={resolving} onClose={() => setResolving(null)} />
      {kind === 'inquiries' && (
        <QuoteFromInquiryModal item={quoting} onClose={() => setQuoting(null)} />
      )}
      {(kind === 'messages' || kind === 'inquiries') && (
        <ReplyModal kind={kind} item={replying} onClose={() => setReplying(null)} />
      )}
    </Card>
  );
}
