import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { stocktakeBody } from '@labshop/shared/schemas';
import { ExpiryCell } from '@/components/expiry-tag';
import { useStores } from '@/hooks/use-reference-data';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { api } from '@/lib/api-client';
import { zodRule } from '@/lib/zod-rule';
import { useCreateStocktake } from '../api/create-stocktake';
import { useWarehouseLots, type LotRow } from '../api/get-lots';
import { documentName } from '../lib/labels';
import { countedLines, differenceOf, differencesOf, sheetKey, type Counts } from '../lib/stocktake';

/**
 * 盘点: the count sheet of one warehouse (every lot with units on the book), printable as XLSX
 * or filled in on screen. Only the lines filled are sent; each difference is posted.
 */
export default function StocktakePage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { filters, setFilters } = useUrlFilters();
  const stores = useStores();
  const storeId = filters.storeId
    ? Number(filters.storeId)
    : stores.data?.[0]
      ? stores.data[0].id
      : undefined;
  const storeName = stores.data?.find((s) => s.id === storeId)?.name ?? '';
  const sheet = useWarehouseLots(storeId);
  const create = useCreateStocktake();
  const [counts, setCounts] = useState<Counts>({});
  const [key, setKey] = useState('');
  const [done, setDone] = useState<{ id: number; differences: number } | null>(null);
  const [form] = Form.useForm<{ remark: string }>();

  const rows = useMemo(() => sheet.data ?? [], [sheet.data]);
  const shown = useMemo(() => {
    const k = key.trim().toLowerCase();
    if (!k) return rows;
    return rows.filter((r) =>
      [r.number, r.name, r.lotNumber].some((v) => v.toLowerCase().includes(k)),
    );
  }, [rows, key]);
  const filled = countedLines(rows, counts);
  const differences = differencesOf(rows, counts);

  const submit = ({ remark }: { remark: string }) => {
    if (storeId === undefined) return;
    if (filled.length === 0) {
      void message.error('请填写盘点数量');
      return;
    }
    modal.confirm({
      title: '提交盘点？',
      content: `已填写 ${filled.length} 个批次，其中 ${differences} 个与账面不符，将按实盘数量调整库存。`,
      okText: '提交',
      cancelText: '取消',
      onOk: () =>
        create
          .mutateAsync({ storeId, remark, lines: filled })
          .then((res) => {
            setDone(res);
            setCounts({});
            form.resetFields();
          })
          .catch(() => undefined),
    });
  };

  if (done)
    return (
      <Card>
        <Result
          status="success"
          title="盘点已提交"
          subTitle={
            done.differences === 0
              ? `${storeName}：盘点无差异，库存未变动。`
              : `${storeName}：已过账 ${done.differences} 处差异。`
          }
          extra={[
            <Button
              key="doc"
              type="primary"
              onClick={() => void navigate(`/stock/documents/${done.id}`)}
            >
              查看{documentName('stocktake', done.id)}
            </Button>,
            <Button key="again" onClick={() => setDone(null)}>
              继续盘点
            </Button>,
          ]}
        />
      </Card>
    );

  return (
    <Card
      title={
        <Space>
          <Link to="/stock">库存管理</Link>/<span>盘点</span>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="盘点仓库"
          style={{ width: 180 }}
          value={storeId}
          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(v: number) => {
            setCounts({});
            setFilters({ storeId: v });
          }}
        />
        <Button
          icon={<DownloadOutlined />}
          disabled={storeId === undefined}
          onClick={() =>
            void api.download(
              '/manage/v1/stock/stocktake-sheet',
              { storeId, format: 'xlsx' },
              `盘点表-${storeName}.xlsx`,
            )
          }
        >
          下载盘点表
        </Button>
        <Input.Search
          placeholder="在盘点表中查找货号 / 名称 / 批号"
          allowClear
          style={{ width: 280 }}
          onSearch={(v) => setKey(v)}
        />
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="只提交填写了实盘数量的批次；未填写的批次保持不变。实盘数量与账面不符的，按实盘数量调整库存。"
      />
      <Table<LotRow>
        rowKey={sheetKey}
        size="small"
        scroll={{ x: 'max-content' }}
        loading={sheet.isFetching}
        dataSource={shown}
        locale={{ emptyText: '该仓库没有账面库存' }}
        pagination={{ defaultPageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: '货号', dataIndex: 'number' },
          { title: '名称', dataIndex: 'name' },
          { title: '规格', dataIndex: 'pack' },
          { title: '批号', dataIndex: 'lotNumber' },
          {
            title: '有效期至',
            render: (_: unknown, r) => <ExpiryCell expire={r.expire} days={r.daysLeft} />,
          },
          { title: '账面数量', dataIndex: 'quantity' },
          {
            title: '实盘数量',
            render: (_: unknown, r) => (
              <InputNumber<number>
                aria-label={`实盘数量 ${r.number} ${r.lotNumber}`}
                min={0}
                precision={0}
                value={counts[sheetKey(r)] ?? null}
                onChange={(v) => setCounts((c) => ({ ...c, [sheetKey(r)]: v }))}
              />
            ),
          },
          {
            title: '差异',
            render: (_: unknown, r) => {
              const d = differenceOf(r, counts);
              if (d === null) return '';
              if (d === 0) return <Typography.Text type="secondary">0</Typography.Text>;
              return <Typography.Text type="danger">{d > 0 ? `+${d}` : d}</Typography.Text>;
            },
          },
        ]}
      />
      <Form<{ remark: string }>
        name="stocktake"
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ marginTop: 16, maxWidth: 640 }}
      >
        <Form.Item name="remark" label="盘点说明" rules={[zodRule(stocktakeBody.shape.remark)]}>
          <Input.TextArea rows={2} placeholder="如：季度全面盘点，差异已复核" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            提交盘点
          </Button>
          <Typography.Text type="secondary">
            已填写 {filled.length} 个批次，差异 {differences} 个
          </Typography.Text>
        </Space>
      </Form>
    </Card>
  );
}
