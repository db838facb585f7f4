import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Radio,
  Row,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import {
  QUALIFICATION_LABEL,
  QUALIFICATION_STATUS_LABEL,
  REGULATION_LABEL,
  formatDateTime,
} from '@labshop/shared';
import { reviewBody, type LedgerRow, type ManageQualification } from '@labshop/shared/schemas';
import { usePhoneScreen } from '@/hooks/use-phone-screen';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { api } from '@/lib/api-client';
import { zodFormRule, zodRule } from '@/lib/zod-rule';
import {
  useLedger,
  useQualification,
  useQualificationFile,
  useQualifications,
  useReview,
} from '../api/qualifications';
import { ExplosiveReport } from './explosive-report';
import { QualificationCards } from './qualification-cards';
import { Expiry, OwnerOf, StatusTag, expiryTag } from './qualification-status';

/** The file beside the form: PDFs in a frame, pictures as they are. */
function FileView({ id, type }: { id: number; type: string }) {
  const file = useQualificationFile(id);
  // On a phone the file leaves room to reach the facts and the form below it.
  const phone = usePhoneScreen();
  if (file.isLoading) return <Spin />;
  if (!file.data) return <Alert type="error" message="文件读取失败" />;
  return type === 'application/pdf' ? (
    <iframe
      title="证件文件"
      src={file.data}
      style={{ width: '100%', height: phone ? '45vh' : '70vh', border: '1px solid #eee' }}
    />
  ) : (
    <img src={file.data} alt="证件文件" style={{ maxWidth: '100%' }} />
  );
}

function ReviewDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQualification(id);
  const phone = usePhoneScreen();
  const review = useReview();
  const [form] = Form.useForm<{ approve: boolean; reason: string }>();
  const q = detail.data;
  const canReview = q && (q.status === 'pending' || q.status === 'approved');
  return (
    <Drawer
      title="证件审核"
      open={id !== null}
      onClose={onClose}
      width={phone ? '100%' : '90%'}
      destroyOnHidden
    >
      {!q ? (
        <Spin />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={14}>
            <FileView id={q.id} type={q.fileType} />
          </Col>
          <Col xs={24} lg={10}>
            <Descriptions
              column={1}
              size="small"
              bordered
              styles={{ label: { whiteSpace: 'nowrap' } }}
            >
              <Descriptions.Item label="证件类型">{QUALIFICATION_LABEL[q.kind]}</Descriptions.Item>
              <Descriptions.Item label="证件编号">{q.number}</Descriptions.Item>
              <Descriptions.Item label="持证单位">{q.holder}</Descriptions.Item>
              <Descriptions.Item label="所属">
                <OwnerOf q={q} />
              </Descriptions.Item>
              <Descriptions.Item label={q.orgId === null ? '会员' : '上传会员'}>
                {q.account}
                {q.company ? `（${q.company}）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label="有效期至">
                <Space>
                  {q.validUntil}
                  {expiryTag(q)}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <StatusTag status={q.status} />
                {q.reason}
              </Descriptions.Item>
            </Descriptions>
            {q.substances.length > 0 && (
              <Table
                style={{ marginTop: 16 }}
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={q.substances}
                columns={[
                  { title: 'CAS', dataIndex: 'cas' },
                  { title: '核定数量', render: (_, s) => `${s.quantity} ${s.unit}` },
                  { title: '剩余', render: (_, s) => `${s.remaining} ${s.unit}` },
                ]}
              />
            )}
            {canReview && (
              <Form
                form={form}
                layout="vertical"
                style={{ marginTop: 16 }}
                initialValues={{ approve: q.status === 'pending', reason: '' }}
                onFinish={(v) => review.mutate({ id: q.id, ...v }, { onSuccess: onClose })}
              >
                <Form.Item name="approve" label="审核结果">
                  <Radio.Group
                    optionType="button"
                    options={[
                      ...(q.status === 'pending' ? [{ value: true, label: '通过' }] : []),
                      { value: false, label: q.status === 'pending' ? '驳回' : '撤销（驳回）' },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name="reason"
                  label="原因（会员可见；驳回必填）"
                  dependencies={['approve']}
                  rules={[zodRule(reviewBody.shape.reason), zodFormRule(reviewBody, 'reason')]}
                >
                  <Input.TextArea rows={2} maxLength={200} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={review.isPending}>
                  提交
                </Button>
              </Form>
            )}
            <h4 style={{ marginTop: 24 }}>数量变动</h4>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={q.movements}
              locale={{ emptyText: '暂无' }}
              columns={[
                { title: '时间', render: (_, m) => formatDateTime(m.createTime) },
                { title: '订单', dataIndex: 'orderNumber' },
                { title: 'CAS', dataIndex: 'cas' },
                {
                  title: '变动',
                  render: (_, m) =>
                    `${m.reason === 'order' ? '下单' : '取消退回'} ${m.change > 0 ? '+' : ''}${m.change} ${m.unit}`,
                },
                { title: '剩余', render: (_, m) => `${m.remainingAfter} ${m.unit}` },
              ]}
            />
          </Col>
        </Row>
      )}
    </Drawer>
  );
}

function Documents({ tab }: { tab: string }) {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const params =
    tab === 'expiring'
      ? { expiringWithin: 30 }
      : tab === 'all'
        ? { status: filters.status }
        : { status: 'pending' };
  const list = useQualifications({ ...params, page, size: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const phone = usePhoneScreen();
  const pagination = {
    current: page,
    pageSize: 20,
    total: list.data?.total ?? 0,
    onChange: (p: number) => setFilters({ ...filters, page: p }),
  };
  return (
    <>
      {tab === 'all' && (
        <Radio.Group
          style={{ marginBottom: 16 }}
          optionType="button"
          value={filters.status ?? ''}
          onChange={(e) => setFilters({ ...filters, status: e.target.value as string, page: 1 })}
          options={[
            { value: '', label: '全部' },
            ...Object.entries(QUALIFICATION_STATUS_LABEL).map(([value, label]) => ({
              value,
              label,
            })),
          ]}
        />
      )}
      {phone ? (
        <QualificationCards
          rows={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={pagination}
          onOpen={setOpen}
        />
      ) : (
        <Table<ManageQualification>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          pagination={{ ...pagination, showTotal: (t) => `共 ${t} 条` }}
          columns={[
            { title: '提交时间', render: (_, q) => formatDateTime(q.createTime), width: 170 },
            { title: '证件类型', render: (_, q) => QUALIFICATION_LABEL[q.kind] },
            { title: '编号', dataIndex: 'number' },
            { title: '持证单位', dataIndex: 'holder' },
            { title: '所属', render: (_, q) => <OwnerOf q={q} /> },
            { title: '会员', dataIndex: 'account' },
            { title: '有效期', render: (_, q) => <Expiry q={q} /> },
            { title: '状态', render: (_, q) => <StatusTag status={q.status} /> },
            {
              title: '操作',
              render: (_, q) => (
                <Button type="link" onClick={() => setOpen(q.id)} data-testid={`review-${q.id}`}>
                  {q.status === 'pending' ? '审核' : '查看'}
                </Button>
              ),
            },
          ]}
        />
      )}
      <ReviewDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function Ledger() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const params = {
    from: range?.[0]?.startOf('day').valueOf(),
    to: range?.[1]?.endOf('day').valueOf(),
  };
  const rows = useLedger(params);
  const exportAs = (format: 'csv' | 'xlsx') =>
    void api.download('/manage/v1/compliance/ledger', { ...params, format }, `销售台账.${format}`);
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} />
        <Button onClick={() => exportAs('xlsx')}>导出 Excel</Button>
        <Button onClick={() => exportAs('csv')}>导出 CSV</Button>
      </Space>
      <Table<LedgerRow>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        scroll={{ x: 1900 }}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: '发货时间', render: (_, r) => formatDateTime(r.shippedAt), width: 170 },
          { title: '订单号', dataIndex: 'orderNumber' },
          // A name of a few characters' width was wrapped one character per line.
          { title: '品名', dataIndex: 'productName', width: 200, ellipsis: true },
          { title: 'CAS', dataIndex: 'cas' },
          { title: '类别', render: (_, r) => REGULATION_LABEL[r.category] },
          {
            title: '规格×件数',
            // A cancelled package's lines are reversed with negative figures, never deleted.
            render: (_, r) =>
              r.count < 0 ? (
                <Space size={4}>
                  {`${r.pack} × ${r.count}`}
                  <Tag color="orange">撤销发货</Tag>
                </Space>
              ) : (
                `${r.pack} × ${r.count}`
              ),
          },
          { title: '批号', render: (_, r) => r.lots || '—' },
          {
            title: '数量',
            render: (_, r) => (r.quantity === null ? '—' : `${r.quantity} ${r.unit}`),
          },
          { title: '购买单位', dataIndex: 'buyerCompany' },
          { title: '统一社会信用代码', dataIndex: 'buyerCreditCode' },
          { title: '收货人', render: (_, r) => `${r.consignee} ${r.consigneePhone}` },
          { title: '收货地址', render: (_, r) => `${r.region} ${r.address}`.trim() },
          { title: '承运/运单号', render: (_, r) => `${r.carrier} ${r.trackingNumber}`.trim() },
          { title: '经办人', render: (_, r) => r.handlerName || '—' },
          { title: '证件编号', dataIndex: 'documentNumber' },
          { title: '发货人', dataIndex: 'staffName' },
        ]}
      />
    </>
  );
}

export default function CompliancePage() {
  const { filters, setFilters } = useUrlFilters();
  const tab = filters.tab ?? 'pending';
  return (
    <Card title="合规管理">
      <Tabs
        activeKey={tab}
        onChange={(k) => setFilters({ tab: k })}
        items={[
          { key: 'pending', label: '待审核证件' },
          { key: 'expiring', label: '30 天内到期' },
          { key: 'all', label: '全部证件' },
          { key: 'ledger', label: '销售台账' },
          { key: 'explosive', label: '易制爆报告' },
        ]}
      />
      {tab === 'ledger' ? (
        <Ledger />
      ) : tab === 'explosive' ? (
        <ExplosiveReport />
      ) : (
        <Documents tab={tab} />
      )}
    </Card>
  );
}
