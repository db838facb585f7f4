import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  List,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import {
  cancelDeliveryBody,
  deliveryBody,
  pricesBody,
  type ManageOrderDetail,
} from '@labshop/shared/schemas';
import { useAddTrack } from '../api/add-track';
import { useCancelDelivery } from '../api/cancel-delivery';
import { useCancelOrder } from '../api/cancel-order';
import { useIssueInvoice } from '../api/issue-invoice';
import { useOrderStocks } from '../api/get-order-stocks';
import { usePriceOrder } from '../api/price-order';
import { useShipOrder } from '../api/ship-order';
import { money } from '../lib/labels';
import { refundableOf } from './partial-refund-modal';
import {
  FEFO,
  firstLot,
  isShort,
  lineIsShort,
  lotNumberToSend,
  lotsOf,
  type ShipLot,
} from '../lib/ship-lots';
import { FormModal } from '@/components/form-modal';
import { api } from '@/lib/api-client';
import { MoneyInput } from '@/components/money-input';
import { zodRule } from '@/lib/zod-rule';

interface ActionProps {
  order: ManageOrderDetail;
  open: boolean;
  onClose: () => void;
}

const linePrice = pricesBody.shape.goods.element.shape.price;

/** Prices every line of a 待确认 order. */
export function PriceModal({ order, open, onClose }: ActionProps) {
  const mutation = usePriceOrder(order.id);
  return (
    <FormModal
      title="订单定价"
      open={open}
      form="order-prices"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
      width={640}
    >
      <PriceForm order={order} mutation={mutation} onClose={onClose} />
    </FormModal>
  );
}

/** The pricing form, made anew at each opening (FormModal drops it on close). */
function PriceForm({
  order,
  mutation,
  onClose,
}: {
  order: ManageOrderDetail;
  mutation: ReturnType<typeof usePriceOrder>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ prices: Record<string, number>; freight?: number | null }>();
  // The order as this form was filled from: a change by someone else meanwhile is refused.
  const [version] = useState(order.version);
  return (
    <Form
      name="order-prices"
      form={form}
      layout="vertical"
      preserve={false}
      onFinish={(v) =>
        mutation.mutate(
          {
            goods: order.goodsList.map((g) => ({
              orderGoodsId: g.id,
              price: v.prices[g.id] ?? 0,
            })),
            ...(v.freight === null || v.freight === undefined ? {} : { freight: v.freight }),
            version,
          },
          { onSuccess: onClose },
        )
      }
    >
      {order.goodsList.map((g) => (
        <Form.Item
          key={g.id}
          name={['prices', String(g.id)]}
          label={`${g.name} ${g.pack} × ${g.quantityPurchase}（单价，元）`}
          initialValue={g.price ?? undefined}
          rules={[zodRule(linePrice)]}
        >
          <MoneyInput min={0.01} />
        </Form.Item>
      ))}
      <Form.Item
        name="freight"
        label="运费（元，留空按商城规则计算）"
        rules={[zodRule(pricesBody.shape.freight)]}
      >
        <MoneyInput min={0} />
      </Form.Item>
    </Form>
  );
}

interface ShipLine {
  quantity: number;
  storeId?: number;
  /** A lot number, or FEFO (send none). */
  lot?: string;
}

interface ShipValues {
  carrier: string;
  trackingNumber: string;
  lines: ShipLine[];
  confirmShortExpiry?: boolean;
  handlerName?: string;
  handlerIdNumber?: string;
}

/**
 * Ships one package from chosen warehouses; lines left at 0 stay for a later package. Each line
 * ships from a chosen lot or, by default, the first-expiring lots (FEFO); a short lot asks for
 * the confirmation the server requires (docs/lots.md, "Shipping").
 */
export function ShipModal({ order, open, onClose }: ActionProps) {
  const mutation = useShipOrder(order.id);
  const stocks = useOrderStocks(order.id, open);
  const [form] = Form.useForm<ShipValues>();
  const watched = Form.useWatch('lines', form);
  const remaining = order.goodsList.filter((g) => g.quantityPurchase > g.quantityShipped);
  const stockOf = (materialId: number, storeId: number) =>
    stocks.data?.stocks.find((s) => s.materialId === materialId && s.storeId === storeId)?.count ??
    0;
  const shortBefore = stocks.data?.shortBefore ?? '';
  const months = stocks.data?.minShelfLifeMonths ?? 0;
  const lotsFor = (i: number) => {
    const g = remaining[i];
    const storeId = watched?.[i]?.storeId;
    return g && storeId !== undefined ? lotsOf(stocks.data?.lots ?? [], g.materialId, storeId) : [];
  };
  // Lines that ship something and whose first lot is short need the confirmation.
  const needsConfirm =
    shortBefore !== '' &&
    remaining.some((_g, i) => {
      const line = watched?.[i];
      return (
        line !== undefined &&
        line.quantity > 0 &&
        line.storeId !== undefined &&
        lineIsShort(lotsFor(i), line.lot, shortBefore)
      );
    });
  return (
    <FormModal
      title="发货"
      open={open}
      form="order-ship"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
      width={760}
    >
      <Form<ShipValues>
        name="order-ship"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          lines: remaining.map((g) => ({
            quantity: g.quantityPurchase - g.quantityShipped,
            storeId: undefined,
            lot: FEFO,
          })),
        }}
        onFinish={(v) =>
          mutation.mutate(
            {
              carrier: v.carrier,
              trackingNumber: v.trackingNumber,
              // Only registered fields come back from the form: lines are matched by position.
              goods: v.lines.flatMap((l, i) => {
                const g = remaining[i];
                const lotNumber = lotNumberToSend(l.lot);
                return g && l.quantity > 0 && l.storeId !== undefined
                  ? [
                      {
                        orderGoodsId: g.id,
                        quantity: l.quantity,
                        storeId: l.storeId,
                        ...(lotNumber === undefined ? {} : { lotNumber }),
                      },
                    ]
                  : [];
              }),
              ...(needsConfirm && v.confirmShortExpiry === true
                ? { confirmShortExpiry: true }
                : {}),
              ...(v.handlerName ? { handlerName: v.handlerName } : {}),
              ...(v.handlerIdNumber ? { handlerIdNumber: v.handlerIdNumber } : {}),
            },
            { onSuccess: onClose },
          )
        }
      >
        <Space wrap style={{ display: 'flex' }}>
          <Form.Item
            name="carrier"
            label="快递公司"
            rules={[{ required: true, whitespace: true, message: '请输入快递公司' }]}
          >
            <Input placeholder="如 顺丰速运" />
          </Form.Item>
          <Form.Item
            name="trackingNumber"
            label="快递单号"
            rules={[{ required: true, whitespace: true, message: '请输入快递单号' }]}
          >
            <Input />
          </Form.Item>
        </Space>
        {/* The person who collects or receives controlled chemicals, for the sales ledger
            (docs/compliance.md section 5); the server requires them for 剧毒 lines. */}
        <Space wrap style={{ display: 'flex' }}>
          <Form.Item
            name="handlerName"
            label="经办人（受管制化学品）"
            rules={[zodRule(deliveryBody.shape.handlerName)]}
          >
            <Input placeholder="提货或收货人姓名" />
          </Form.Item>
          <Form.Item
            name="handlerIdNumber"
            label="经办人身份证号码"
            rules={[zodRule(deliveryBody.shape.handlerIdNumber)]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
        </Space>
        <Button
          style={{ marginBottom: 12 }}
          onClick={() =>
            void api.download(
              `/manage/v1/orders/${order.id}/documents/packing-slip`,
              undefined,
              `装箱单-${order.number}.pdf`,
            )
          }
        >
          打印装箱单
        </Button>
        <Form.List name="lines">
          {(fields) => (
            <List
              size="small"
              bordered
              dataSource={fields}
              rowKey="key"
              renderItem={(f) => {
                const g = remaining[f.name];
                if (!g) return null;
                const line = watched?.[f.name];
                const lots = lotsFor(f.name);
                const chosen = line?.lot !== undefined && line.lot !== FEFO ? line.lot : undefined;
                const first = firstLot(lots, line?.lot);
                const short =
                  first !== undefined && shortBefore !== '' && isShort(first, shortBefore);
                return (
                  <List.Item style={{ display: 'block' }} data-testid="ship-line">
                    <Typography.Text strong>
                      {g.name} {g.pack}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      （{g.number}，待发 {g.quantityPurchase - g.quantityShipped}）
                    </Typography.Text>
                    <Space wrap align="start" style={{ display: 'flex', marginTop: 8 }}>
                      <Form.Item name={[f.name, 'storeId']} noStyle>
                        <Select
                          placeholder="选择仓库"
                          style={{ width: 180 }}
                          aria-label={`发货仓库 ${g.name}`}
                          onChange={() => form.setFieldValue(['lines', f.name, 'lot'], FEFO)}
                          options={(stocks.data?.stores ?? []).map((s) => ({
                            value: s.id,
                            label: `${s.name}（库存 ${stockOf(g.materialId, s.id)}）`,
                          }))}
                        />
                      </Form.Item>
                      {/* The lots belong to a warehouse: the lot is chosen once it is. */}
                      {line?.storeId !== undefined && (
                        <Form.Item
                          name={[f.name, 'lot']}
                          noStyle
                          rules={[
                            {
                              validator: async (_r, v: string | undefined) => {
                                const lot =
                                  v === FEFO ? undefined : lots.find((l) => l.lotNumber === v);
                                if (lot && (line?.quantity ?? 0) > lot.quantity)
                                  throw new Error(`批号 ${lot.lotNumber} 只有 ${lot.quantity}`);
                              },
                            },
                          ]}
                        >
                          <Select
                            style={{ width: 300, maxWidth: '100%' }}
                            aria-label={`批号 ${g.name}`}
                            popupMatchSelectWidth={false}
                            options={[
                              {
                                value: FEFO,
                                label: lots[0]
                                  ? `按效期先出 (FEFO)，先发 ${lots[0].lotNumber}`
                                  : '按效期先出 (FEFO)',
                              },
                              ...lots.map((l) => ({
                                value: l.lotNumber,
                                label: lotLabel(l, shortBefore),
                              })),
                            ]}
                          />
                        </Form.Item>
                      )}
                      <Form.Item name={[f.name, 'quantity']} noStyle>
                        <InputNumber
                          min={0}
                          max={g.quantityPurchase - g.quantityShipped}
                          precision={0}
                          aria-label={`发货数量 ${g.name}`}
                          prefix="数量"
                          style={{ width: 140 }}
                        />
                      </Form.Item>
                    </Space>
                    {chosen !== undefined && first && (line?.quantity ?? 0) > first.quantity && (
                      <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>
                        批号 {first.lotNumber} 只有 {first.quantity}，请减少数量或改按效期先出
                      </Typography.Text>
                    )}
                    {short && first && (
                      <Alert
                        type="warning"
                        showIcon
                        style={{ marginTop: 8 }}
                        message={`批号 ${first.lotNumber} 有效期至 ${first.expire ?? ''}，剩余有效期不足 ${months} 个月`}
                      />
                    )}
                  </List.Item>
                );
              }}
            />
          )}
        </Form.List>
        {needsConfirm && (
          <Form.Item
            name="confirmShortExpiry"
            valuePropName="checked"
            style={{ marginTop: 12, marginBottom: 0 }}
            rules={[
              {
                validator: async (_r, v: boolean | undefined) => {
                  if (v !== true) throw new Error('请确认发出近效期批次');
                },
              },
            ]}
          >
            <Checkbox>确认发出剩余有效期不足 {months} 个月的批次</Checkbox>
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}

/** A lot as the select lists it: number, expiry, units, and whether it is short. */
function lotLabel(lot: ShipLot, shortBefore: string): string {
  const expire = lot.expire === null ? '无有效期' : `至 ${lot.expire}`;
  const short = shortBefore !== '' && isShort(lot, shortBefore) ? '，近效期' : '';
  return `${lot.lotNumber}（${expire}，库存 ${lot.quantity}${short}）`;
}

/** Adds one tracking record to a package. */
export function TrackModal({
  order,
  deliveryId,
  onClose,
}: {
  order: ManageOrderDetail;
  deliveryId: number | null;
  onClose: () => void;
}) {
  const mutation = useAddTrack(order.id);
  const [form] = Form.useForm<{ context: string; time?: Dayjs }>();
  return (
    <FormModal
      title="添加物流记录"
      open={deliveryId !== null}
      form="order-track"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
    >
      <Form
        name="order-track"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ time: dayjs() }}
        onFinish={(v) =>
          mutation.mutate(
            {
              deliveryId: deliveryId ?? 0,
              context: v.context,
              ...(v.time ? { time: v.time.valueOf() } : {}),
            },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item
          name="context"
          label="物流信息"
          rules={[{ required: true, whitespace: true, message: '请输入物流信息' }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="time" label="时间">
          <DatePicker showTime />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * 撤销发货: cancels a package shipped by mistake. Its units go back to the warehouses and lots
 * they came from, and the order is 待发货 again once no package stands (docs/lots.md).
 */
export function CancelDeliveryModal({
  order,
  deliveryId,
  onClose,
}: {
  order: ManageOrderDetail;
  deliveryId: number | null;
  onClose: () => void;
}) {
  const mutation = useCancelDelivery(order.id);
  const [form] = Form.useForm<{ reason: string }>();
  const index = order.deliveries.findIndex((d) => d.id === deliveryId);
  const pkg = order.deliveries[index];
  return (
    <FormModal
      title="撤销发货"
      open={deliveryId !== null}
      form="order-cancel-delivery"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定撤销"
      danger
    >
      <Typography.Paragraph type="warning">
        {pkg ? `包裹 ${index + 1}（${pkg.carrier} ${pkg.trackingNumber}）` : '该包裹'}
        的商品将退回原仓库、原批次，不再计为已发货；订单没有其他包裹时回到待发货。
      </Typography.Paragraph>
      <Form
        name="order-cancel-delivery"
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          mutation.mutate({ deliveryId: deliveryId ?? 0, reason: v.reason }, { onSuccess: onClose })
        }
      >
        <Form.Item
          name="reason"
          label="撤销原因"
          rules={[zodRule(cancelDeliveryBody.shape.reason)]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Cancels an order that has shipped nothing; a paid one is refunded the way it was paid. */
export function CancelModal({ order, open, onClose }: ActionProps) {
  const mutation = useCancelOrder(order.id);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal
      title="取消订单"
      open={open}
      form="order-cancel"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
      danger
    >
      {order.payStatus === 2 && (
        <Typography.Paragraph type="warning">
          {order.refundedAmount > 0
            ? `订单已部分退款 ${money(order.refundedAmount)}，取消后将按原支付方式退还其余 ${money(refundableOf(order))}。`
            : `订单已支付，取消后将按原支付方式退款 ${money(order.amount)}。`}
        </Typography.Paragraph>
      )}
      <Form
        name="order-cancel"
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => mutation.mutate(v, { onSuccess: onClose })}
      >
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[{ required: true, whitespace: true, message: '请输入取消原因' }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Records the fapiao issued for the order. */
export function InvoiceModal({ order, open, onClose }: ActionProps) {
  const mutation = useIssueInvoice(order.id);
  const [form] = Form.useForm<{ invoiceNumber: string; issuedAt: Dayjs }>();
  return (
    <FormModal
      title="登记开票"
      open={open}
      form="order-invoice"
      saving={mutation.isPending}
      onCancel={onClose}
      okText="确定"
    >
      <Form
        name="order-invoice"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          invoiceNumber: order.invoiceNumber || undefined,
          issuedAt: order.invoiceIssuedAt ? dayjs(order.invoiceIssuedAt) : undefined,
        }}
        onFinish={(v) =>
          mutation.mutate(
            { invoiceNumber: v.invoiceNumber, issuedAt: v.issuedAt.startOf('day').valueOf() },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item
          name="invoiceNumber"
          label="发票号码"
          rules={[{ required: true, whitespace: true, message: '请输入发票号码' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="issuedAt"
          label="开票日期"
          rules={[{ required: true, message: '请选择开票日期' }]}
        >
          <DatePicker />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function useModal<T extends string>() {
  const [open, setOpen] = useState<T | null>(null);
  return { open, show: (m: T) => setOpen(m), close: () => setOpen(null) };
}
