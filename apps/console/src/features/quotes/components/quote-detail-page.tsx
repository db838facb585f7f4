import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Input,
  InputNumber,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime } from '@labshop/shared';
import { QUOTE_STATUS_LABEL, quotePriceBody, type QuoteLine } from '@labshop/shared/schemas';
import { can, useSession } from '@/lib/session';
import { zodProblem } from '@/lib/zod-rule';
import { useQuote } from '../api/get-quote';
import { usePriceQuote } from '../api/price-quote';
import { QUOTE_STATUS_COLOR, discountLabel, yuan } from '../lib/labels';

/** Days a new quote stays valid unless staff choose otherwise. */
const DEFAULT_VALID_DAYS = 30;

export default function QuoteDetailPage() {
  const id = Number(useParams().id);
  const quote = useQuote(id);
  const session = useSession();
  const price = usePriceQuote(id);
  const { message } = App.useApp();
  const [prices, setPrices] = useState<Record<number, number | null>>({});
  const [validUntil, setValidUntil] = useState<Dayjs | null>(null);
  const [remark, setRemark] = useState<string | null>(null);

  if (quote.isPending) return <Spin />;
  if (!quote.data)
    return (
      <Result status="404" title="报价单不存在" extra={<Link to="/quotes">返回报价单列表</Link>} />
    );
  const q = quote.data;
  const editable = q.status !== 'ordered' && can(session, 'orders');
  const priceOf = (l: QuoteLine) => (l.id in prices ? (prices[l.id] ?? null) : l.unitPrice);
  const validity =
    validUntil ?? (q.validUntil ? dayjs(q.validUntil) : dayjs().add(DEFAULT_VALID_DAYS, 'day'));
  const goods = q.lines.reduce<number | null>((sum, l) => {
    const p = priceOf(l);
    return sum === null || p === null ? null : sum + Math.round(p * 100) * l.quantity;
  }, 0);

  const submit = () => {
    const lines = q.lines.map((l) => ({ id: l.id, unitPrice: priceOf(l) }));
    if (lines.some((l) => l.unitPrice === null)) {
      void message.error('请为报价单的每一行填写单价');
      return;
    }
    const body = {
      lines: lines.map((l) => ({ id: l.id, unitPrice: l.unitPrice ?? 0 })),
      validUntil: validity.endOf('day').valueOf(),
      remark: remark ?? q.staffRemark,
    };
    // What the server would refuse (a remark too long, a price too high), with its message.
    const problem = zodProblem(quotePriceBody, body);
    if (problem !== null) {
      void message.error(problem);
      return;
    }
    price.mutate(body, {
      onSuccess: () => {
        void message.success('报价成功');
        setPrices({});
      },
    });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={`报价单 ${q.number}`}
        extra={<Tag color={QUOTE_STATUS_COLOR[q.status]}>{QUOTE_STATUS_LABEL[q.status]}</Tag>}
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label="会员">
            <Link to={`/members/${q.userId}`}>{q.account}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="单位">{q.company || '--'}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatDateTime(q.createTime)}</Descriptions.Item>
          <Descriptions.Item label="客户备注">{q.remark || '--'}</Descriptions.Item>
          <Descriptions.Item label="来源">
            {q.inquiryId ? `批量询价 #${q.inquiryId}` : '购物车'}
          </Descriptions.Item>
          <Descriptions.Item label="订单">
            {q.orderId ? <Link to={`/orders/${q.orderId}`}>查看订单</Link> : '--'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="报价明细">
        <Table<QuoteLine>
          rowKey="id"
          pagination={false}
          dataSource={q.lines}
          columns={[
            { title: '货号', dataIndex: 'number' },
            { title: '商品名称', dataIndex: 'name' },
            { title: '包装', dataIndex: 'pack' },
            { title: '数量', dataIndex: 'quantity' },
            { title: '会员价', dataIndex: 'listPrice', render: (v: number | null) => yuan(v) },
            {
              title: '报价单价（元）',
              render: (_, l) =>
                editable ? (
                  <InputNumber<number>
                    aria-label={`${l.number} ${l.pack} 报价单价`}
                    min={0}
                    precision={2}
                    value={priceOf(l)}
                    onChange={(v) => setPrices((p) => ({ ...p, [l.id]: v }))}
                    style={{ width: 130 }}
                  />
                ) : (
                  yuan(l.unitPrice)
                ),
            },
            {
              title: '折扣',
              render: (_, l) => (
                <Typography.Text type="secondary">
                  {discountLabel(priceOf(l), l.listPrice)}
                </Typography.Text>
              ),
            },
            {
              title: '金额',
              render: (_, l) => {
                const p = priceOf(l);
                return p === null ? '--' : yuan((Math.round(p * 100) * l.quantity) / 100);
              },
            },
          ]}
        />
        <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
          <Typography.Text strong>
            商品合计：{goods === null ? '--' : yuan(goods / 100)}
            {q.amount !== null && `（已报价合计含运费 ${yuan(q.amount)}）`}
          </Typography.Text>
          <Space wrap>
            <span>有效期至</span>
            <DatePicker
              aria-label="有效期至"
              value={validity}
              disabled={!editable}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              onChange={(d) => setValidUntil(d)}
            />
          </Space>
          <Input.TextArea
            aria-label="报价备注"
            placeholder="报价备注（货期、含税含运费说明等），将显示在报价单上"
            rows={2}
            disabled={!editable}
            value={remark ?? q.staffRemark}
            onChange={(e) => setRemark(e.target.value)}
          />
          {editable && (
            <Button type="primary" loading={price.isPending} onClick={submit}>
              {q.status === 'requested' ? '提交报价' : '更新报价'}
            </Button>
          )}
        </Space>
      </Card>
    </Space>
  );
}
