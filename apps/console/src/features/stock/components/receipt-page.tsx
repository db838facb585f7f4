import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { receiptBody, receiptLine, type Lot } from '@labshop/shared/schemas';
import { useStores } from '@/hooks/use-reference-data';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { localToday } from '@/lib/expiry';
import { zodRule } from '@/lib/zod-rule';
import { useCreateReceipt } from '../api/create-receipt';
import { useStock, type StockRow } from '../api/get-stock';

/** A pack added to the receipt; the same pack may come in several lots, one line each. */
interface Line {
  key: number;
  materialId: number;
  number: string;
  name: string;
  pack: string;
  /** The pack's lots already in the warehouse, offered as lot numbers. */
  lots: Lot[];
}

interface LineValues {
  lotNumber: string;
  expire: Dayjs | null;
  quantity: number | null;
}

interface ReceiptValues {
  storeId: number;
  supplier: string;
  remark: string;
  lines?: Record<string, LineValues>;
}

const header = receiptBody.options[0].shape;

/** An expiry that is not past today (an expired lot is refused on receipt). */
const notExpired = {
  validator: async (_r: unknown, v: Dayjs | null | undefined) => {
    if (!v) throw new Error('请选择有效期至');
    if (v.format('YYYY-MM-DD') < localToday()) throw new Error('批次已过期，不能入库');
  },
};

function PackName({ line }: { line: Line }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text>{`${line.number} ${line.pack}`}</Typography.Text>
      <Typography.Text type="secondary">{line.name}</Typography.Text>
    </Space>
  );
}

/**
 * 入库单: lots received into one warehouse from a supplier. Staff find each pack by item number
 * or name, then give its lot number, expiry and quantity; the saved receipt opens for printing.
 */
export default function ReceiptPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { filters } = useUrlFilters();
  const stores = useStores();
  const create = useCreateReceipt();
  const [form] = Form.useForm<ReceiptValues>();
  const chosenStore = Form.useWatch('storeId', form);
  const searchStore = chosenStore ?? stores.data?.[0]?.id;
  const [key, setKey] = useState('');
  const packs = useStock({ storeId: searchStore, key, size: 20 }, key !== '');
  const [lines, setLines] = useState<Line[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const screens = Grid.useBreakpoint();

  const addPack = (materialId: number) => {
    const row = packs.data?.records.find((r: StockRow) => r.materialId === materialId);
    if (!row) return;
    setLines((l) => [
      ...l,
      {
        key: nextKey,
        materialId: row.materialId,
        number: row.number,
        name: row.name,
        pack: row.pack,
        lots: row.lots,
      },
    ]);
    setNextKey((k) => k + 1);
  };

  const submit = (v: ReceiptValues) => {
    if (lines.length === 0) {
      void message.error('请添加入库批次');
      return;
    }
    create.mutate(
      {
        storeId: v.storeId,
        supplier: v.supplier ?? '',
        remark: v.remark ?? '',
        lines: lines.map((l) => {
          const f = v.lines?.[l.key];
          return {
            materialId: l.materialId,
            lotNumber: (f?.lotNumber ?? '').trim(),
            expire: f?.expire?.format('YYYY-MM-DD') ?? '',
            quantity: f?.quantity ?? 0,
          };
        }),
      },
      {
        onSuccess: (res) => {
          void message.success('入库成功');
          void navigate(`/stock/documents/${res.id}`);
        },
      },
    );
  };

  /** A line's boxes; the table (wide screens) and the blocks (phones) lay them out. */
  const fieldsOf = (l: Line) => ({
    lotNumber: (
      <Form.Item
        name={['lines', String(l.key), 'lotNumber']}
        rules={[zodRule(receiptLine.shape.lotNumber)]}
        style={{ marginBottom: 0 }}
      >
        <AutoComplete
          aria-label={`批号 ${l.number}`}
          style={{ width: 160 }}
          options={l.lots
            .filter((lot) => lot.expire !== null)
            .map((lot) => ({ value: lot.lotNumber, label: lot.lotNumber }))}
          onSelect={(lotNumber: string) => {
            const known = l.lots.find((lot) => lot.lotNumber === lotNumber);
            if (known?.expire)
              form.setFieldValue(['lines', String(l.key), 'expire'], dayjs(known.expire));
          }}
        />
      </Form.Item>
    ),
    expire: (
      <Form.Item
        name={['lines', String(l.key), 'expire']}
        rules={[notExpired]}
        style={{ marginBottom: 0 }}
      >
        <DatePicker
          aria-label={`有效期至 ${l.number}`}
          format="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          style={{ width: 160 }}
          disabledDate={(d) => d.format('YYYY-MM-DD') < localToday()}
        />
      </Form.Item>
    ),
    quantity: (
      <Form.Item
        name={['lines', String(l.key), 'quantity']}
        rules={[zodRule(receiptLine.shape.quantity)]}
        style={{ marginBottom: 0 }}
      >
        <InputNumber aria-label={`数量 ${l.number}`} min={1} precision={0} />
      </Form.Item>
    ),
    remove: (
      <Button
        size="small"
        icon={<DeleteOutlined />}
        aria-label={`删除 ${l.number}`}
        onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
      />
    ),
  });

  return (
    <Card
      title={
        <Space>
          <Link to="/stock">库存管理</Link>/<span>新建入库单</span>
        </Space>
      }
    >
      <Form<ReceiptValues>
        name="stock-receipt"
        form={form}
        layout="vertical"
        initialValues={{
          storeId: filters.storeId ? Number(filters.storeId) : undefined,
          supplier: '',
          remark: '',
        }}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="storeId"
              label="入库仓库"
              rules={[{ required: true, message: '请选择入库仓库' }]}
            >
              <Select
                placeholder="选择仓库"
                options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="supplier" label="供应商" rules={[zodRule(header.supplier)]}>
              <Input placeholder="如：国家标准物质中心" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="remark" label="备注" rules={[zodRule(header.remark)]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="添加商品">
          <Select<number>
            aria-label="添加商品"
            showSearch={{ filterOption: false, onSearch: (v) => setKey(v.trim()) }}
            placeholder="输入货号或名称搜索规格"
            value={null}
            onSelect={(v) => addPack(v)}
            notFoundContent={key ? (packs.isFetching ? '搜索中…' : '未找到商品') : null}
            options={(key ? (packs.data?.records ?? []) : []).map((r) => ({
              value: r.materialId,
              label: `${r.number} ${r.name} ${r.pack}`,
            }))}
          />
        </Form.Item>
        {lines.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="请在上方搜索并添加入库的商品"
            style={{ marginBottom: 16 }}
          />
        ) : screens.md ? (
          <Table<Line>
            rowKey="key"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={lines}
            style={{ marginBottom: 16 }}
            columns={[
              { title: '商品', render: (_: unknown, l) => <PackName line={l} /> },
              { title: '批号', render: (_: unknown, l) => fieldsOf(l).lotNumber },
              { title: '有效期至', render: (_: unknown, l) => fieldsOf(l).expire },
              { title: '数量', render: (_: unknown, l) => fieldsOf(l).quantity },
              { title: '操作', render: (_: unknown, l) => fieldsOf(l).remove },
            ]}
          />
        ) : (
          // A phone: one block per line, each box under its name.
          <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
            {lines.map((l) => {
              const f = fieldsOf(l);
              return (
                <Card
                  key={l.key}
                  size="small"
                  title={<PackName line={l} />}
                  extra={f.remove}
                  data-testid="receipt-line"
                >
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Typography.Text type="secondary">批号</Typography.Text>
                    {f.lotNumber}
                    <Typography.Text type="secondary">有效期至</Typography.Text>
                    {f.expire}
                    <Typography.Text type="secondary">数量</Typography.Text>
                    {f.quantity}
                  </Space>
                </Card>
              );
            })}
          </Space>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            提交入库
          </Button>
          <Button onClick={() => void navigate('/stock')}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
