import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LIMITS } from '@labshop/shared';
import { quoteFromInquiryBody, type InboxRecord, type QuotePack } from '@labshop/shared/schemas';
import { zodProblem } from '@/lib/zod-rule';
import { useMemberOptions, useQuoteFromInquiry, useQuotePacks } from '../api/quote-from-inquiry';

/** Days a quote made from an inquiry stays valid unless staff choose otherwise. */
const DEFAULT_VALID_DAYS = 30;
const QUANTITY_MAX = LIMITS.quantityMax;

interface Line extends QuotePack {
  quantity: number | null;
  unitPrice: number | null;
}

const yuan = (v: number | null) => (v === null ? '--' : `¥${v.toFixed(2)}`);

/**
 * 生成报价 on a bulk inquiry: staff pick the packs the inquiry asks for (by item number, name or
 * CAS), set quantities and prices, validity and remark, and the quote is made priced for the
 * inquiry's member (or a member chosen here when the visitor was not logged in). On success the
 * quote's own page opens.
 */
export function QuoteFromInquiryModal({
  item,
  onClose,
}: {
  item: InboxRecord | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useQuoteFromInquiry();
  const [packKey, setPackKey] = useState('');
  const [memberKey, setMemberKey] = useState('');
  const packs = useQuotePacks(packKey);
  const members = useMemberOptions(item?.userId ? '' : memberKey);
  const [lines, setLines] = useState<Line[]>([]);
  const [userId, setUserId] = useState<number | null>(null);
  const [validUntil, setValidUntil] = useState<Dayjs>(() => dayjs().add(DEFAULT_VALID_DAYS, 'day'));
  const [remark, setRemark] = useState('');

  const close = () => {
    setLines([]);
    setPackKey('');
    setMemberKey('');
    setUserId(null);
    setRemark('');
    setValidUntil(dayjs().add(DEFAULT_VALID_DAYS, 'day'));
    onClose();
  };
  const change = (materialId: number, patch: Partial<Line>) =>
    setLines((all) => all.map((l) => (l.materialId === materialId ? { ...l, ...patch } : l)));
  const addPack = (materialId: number) => {
    const pack = packs.data?.find((p) => p.materialId === materialId);
    if (!pack) return;
    if (lines.some((l) => l.materialId === materialId)) {
      void message.warning('该规格已在报价明细中');
      return;
    }
    setLines((all) => [...all, { ...pack, quantity: 1, unitPrice: pack.listPrice }]);
  };

  const goods = lines.reduce<number | null>(
    (sum, l) =>
      sum === null || l.unitPrice === null || l.quantity === null
        ? null
        : sum + Math.round(l.unitPrice * 100) * l.quantity,
    0,
  );

  const submit = () => {
    if (!item) return;
    const owner = item.userId ?? userId;
    if (owner === null) {
      void message.error('该询价未关联会员，请选择报价会员');
      return;
    }
    if (lines.length === 0) {
      void message.error('请添加报价商品');
      return;
    }
    if (lines.some((l) => l.quantity === null || l.unitPrice === null)) {
      void message.error('请为每一行填写数量和报价单价');
      return;
    }
    const body = {
      inquiryId: item.id,
      ...(item.userId === null ? { userId: owner } : {}),
      lines: lines.map((l) => ({
        materialId: l.materialId,
        quantity: l.quantity ?? 1,
        unitPrice: l.unitPrice ?? 0,
      })),
      validUntil: validUntil.endOf('day').valueOf(),
      remark,
    };
    // What the server would refuse, with its message, before anything is sent.
    const problem = zodProblem(quoteFromInquiryBody, body);
    if (problem !== null) {
      void message.error(problem);
      return;
    }
    create.mutate(body, {
      onSuccess: ({ id }) => {
        void message.success('报价成功');
        close();
        void navigate(`/quotes/${id}`);
      },
    });
  };

  return (
    <Modal
      title="生成报价"
      open={item !== null}
      width={960}
      onCancel={close}
      onOk={submit}
      okText="生成报价"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {item && (
        <>
          <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="联系人">{item.contact}</Descriptions.Item>
            <Descriptions.Item label="单位">{item.company || '--'}</Descriptions.Item>
            <Descriptions.Item label="询价内容" span={2}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{item.content}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Form layout="vertical">
            <Form.Item label="报价会员" required>
              {item.userId !== null ? (
                <Typography.Text>
                  询价会员（ID {item.userId}），报价单将发送到其账户
                </Typography.Text>
              ) : (
                <Select<number>
                  aria-label="报价会员"
                  showSearch
                  filterOption={false}
                  placeholder="搜索手机号、邮箱、姓名或单位"
                  value={userId ?? undefined}
                  onSearch={(v) => setMemberKey(v.trim())}
                  onChange={(v) => setUserId(v)}
                  notFoundContent={memberKey ? '未找到会员' : null}
                  options={(members.data?.records ?? []).map((m) => ({
                    value: m.id,
                    label: [m.account, m.name, m.company].filter(Boolean).join(' / '),
                  }))}
                />
              )}
            </Form.Item>
            <Form.Item label="添加商品">
              <Select<number>
                aria-label="添加商品"
                showSearch
                filterOption={false}
                placeholder="输入货号、名称或CAS搜索在售规格"
                value={null}
                onSearch={(v) => setPackKey(v.trim())}
                onSelect={(v) => addPack(v)}
                notFoundContent={packKey ? (packs.isFetching ? '搜索中…' : '未找到在售商品') : null}
                options={(packs.data ?? []).map((p) => ({
                  value: p.materialId,
                  label: `${p.number} ${p.name} ${p.pack}（会员价 ${yuan(p.listPrice)}）`,
                }))}
              />
            </Form.Item>
          </Form>
          <Table<Line>
            rowKey="materialId"
            size="small"
            pagination={false}
            dataSource={lines}
            locale={{ emptyText: '请在上方搜索并添加询价的商品' }}
            columns={[
              { title: '货号', dataIndex: 'number' },
              { title: '商品名称', dataIndex: 'name' },
              { title: '包装', dataIndex: 'pack' },
              { title: '会员价', dataIndex: 'listPrice', render: (v: number | null) => yuan(v) },
              {
                title: '数量',
                render: (_, l) => (
                  <InputNumber<number>
                    aria-label={`${l.number} ${l.pack} 数量`}
                    min={1}
                    max={QUANTITY_MAX}
                    precision={0}
                    value={l.quantity}
                    onChange={(v) => change(l.materialId, { quantity: v })}
                    style={{ width: 90 }}
                  />
                ),
              },
              {
                title: '报价单价（元）',
                render: (_, l) => (
                  <InputNumber<number>
                    aria-label={`${l.number} ${l.pack} 报价单价`}
                    min={0}
                    precision={2}
                    value={l.unitPrice}
                    onChange={(v) => change(l.materialId, { unitPrice: v })}
                    style={{ width: 120 }}
                  />
                ),
              },
              {
                title: '金额',
                render: (_, l) =>
                  l.unitPrice === null || l.quantity === null
                    ? '--'
                    : yuan((Math.round(l.unitPrice * 100) * l.quantity) / 100),
              },
              {
                title: '操作',
                render: (_, l) => (
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() => setLines((all) => all.filter((x) => x !== l))}
                  >
                    删除
                  </Button>
                ),
              },
            ]}
          />
          <Typography.Paragraph strong style={{ marginTop: 12 }}>
            商品合计：{goods === null ? '--' : yuan(goods / 100)}
          </Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label="有效期至" required>
              <DatePicker
                aria-label="有效期至"
                allowClear={false}
                value={validUntil}
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                onChange={(d) => d && setValidUntil(d)}
              />
            </Form.Item>
            <Form.Item label="报价备注">
              <Input.TextArea
                aria-label="报价备注"
                rows={2}
                maxLength={2000}
                placeholder="报价备注（货期、含税含运费说明等），将显示在报价单上"
                value={remark}
                onChange={(e) => setRemark(e.target.value)}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
