import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Collapse, Form, Input, Space, Table, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@labshop/shared';
import type {
  BankColumnMap,
  BankMatch,
  BankStatement,
  BankStatementConfirmResult,
  BankStatementListItem,
} from '@labshop/shared/schemas';
import {
  useBankStatement,
  useBankStatements,
  useConfirmRows,
  useImportBankStatement,
} from '../api/bank-statements';

const BY_LABEL: Record<string, string> = {
  reference: '附言中的订单号',
  amountAndName: '金额与付款人',
};

const COLUMN_FIELDS: { name: keyof BankColumnMap; label: string }[] = [
  { name: 'date', label: '交易日期' },
  { name: 'amount', label: '金额' },
  { name: 'payerName', label: '付款人户名' },
  { name: 'payerAccount', label: '付款人账号' },
  { name: 'memo', label: '摘要 / 附言' },
];

function Matches({ result }: { result: BankStatement }) {
  const [confirmed, setConfirmed] = useState<number[]>(() =>
    result.matched.filter((m) => m.confirmed).map((m) => m.row),
  );
  const [selected, setSelected] = useState<number[]>(() =>
    result.matched.filter((m) => !m.confirmed).map((m) => m.row),
  );
  const [refused, setRefused] = useState<BankStatementConfirmResult['refused']>([]);
  const confirm = useConfirmRows(result.id);
  const open = result.matched.filter((m) => !confirmed.includes(m.row));
  return (
    <>
      {refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${refused.length} 行未能确认`}
          description={refused.map((r) => `第 ${r.row} 行：${r.msg}`).join('；')}
        />
      )}
      <Card
        size="small"
        title={`已匹配 ${result.matched.length} 行（共 ${result.rows} 行）`}
        extra={
          <Button
            type="primary"
            disabled={selected.length === 0}
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(selected, {
                onSuccess: (answer) => {
                  setConfirmed((c) => [...c, ...answer.confirmed.map((r) => r.row)]);
                  setRefused(answer.refused);
                  setSelected([]);
                },
              })
            }
          >
            确认收款（{selected.length}）
          </Button>
        }
      >
        <Table<BankMatch>
          rowKey="row"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={result.matched}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (m) => ({ disabled: !open.includes(m) }),
          }}
          columns={[
            { title: '行', dataIndex: 'row' },
            {
              title: '订单',
              dataIndex: 'orderId',
              render: (id: number, m) => <Link to={`/orders/${id}`}>{m.number || id}</Link>,
            },
            {
              title: '金额',
              dataIndex: 'amount',
              render: (v: number) => `￥${v.toFixed(2)}`,
            },
            { title: '付款人', dataIndex: 'payerName' },
            { title: '匹配方式', dataIndex: 'by', render: (by: string) => BY_LABEL[by] ?? by },
            {
              title: '状态',
              key: 'state',
              render: (_, m) =>
                confirmed.includes(m.row) ? <Tag color="green">已确认</Tag> : <Tag>待确认</Tag>,
            },
          ]}
        />
      </Card>
      <Card size="small" title={`未匹配 ${result.unmatched.length} 行`}>
        <Table
          rowKey="row"
          size="small"
          pagination={false}
          dataSource={result.unmatched}
          columns={[
            { title: '行', dataIndex: 'row' },
            { title: '原因', dataIndex: 'msg' },
          ]}
        />
      </Card>
    </>
  );
}

/** The imports so far; 查看 opens one's matches again (what was confirmed stays marked). */
function History({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const list = useBankStatements({ page, size: 10 });
  return (
    <Card size="small" title="导入记录">
      <Table<BankStatementListItem>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '文件', dataIndex: 'fileName' },
          { title: '导入时间', dataIndex: 'createTime', render: (t: number) => formatDateTime(t) },
          { title: '导入人', dataIndex: 'staffName' },
          { title: '行数', dataIndex: 'rows' },
          { title: '已匹配', dataIndex: 'matched' },
          {
            title: '操作',
            key: 'open',
            render: (_, s) => (
              <Button type="link" size="small" onClick={() => onOpen(s.id)}>
                查看
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * 银行流水 (docs/contract-prices-credit.md): finance uploads a bank's CSV or XLSX export; each row found an order
 * by its reference in 附言 or by amount and payer, or says why not; the chosen matches are
 * confirmed together as transfer confirmations.
 */
export default function BankStatementsPage() {
  const [form] = Form.useForm<BankColumnMap>();
  const upload = useImportBankStatement();
  const [uploaded, setUploaded] = useState<BankStatement | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = useBankStatement(openId);
  const result = openId === null ? uploaded : (opened.data ?? null);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="银行流水导入">
        <Upload
          accept=".csv,.xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(
              { file, columns: form.getFieldsValue() },
              {
                onSuccess: (r) => {
                  setOpenId(null);
                  setUploaded(r);
                },
              },
            );
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
            上传流水（CSV / XLSX）
          </Button>
        </Upload>
        <Collapse
          ghost
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'columns',
              label: '列名对应（表头与银行常用列名不同时填写）',
              children: (
                <Form form={form} layout="inline" style={{ rowGap: 8 }}>
                  {COLUMN_FIELDS.map((f) => (
                    <Form.Item key={f.name} name={f.name} label={f.label}>
                      <Input placeholder="文件中的列名" style={{ width: 140 }} />
                    </Form.Item>
                  ))}
                </Form>
              ),
            },
          ]}
        />
        {upload.isError && <Alert type="error" title={upload.error.message} />}
      </Card>
      {result && <Matches key={result.id} result={result} />}
      <History onOpen={setOpenId} />
    </Space>
  );
}
