import { useState } from 'react';
import {
  Alert,
  AutoComplete,
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  List,
  Row,
  Segmented,
  Select,
  Spin,
  Typography,
} from 'antd';
import { SHIPPING_CLASS_LABELS, isShort } from '@labshop/shared';
import { deliveryBody, type ManageOrderDetail } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { api } from '@/lib/api-client';
import { zodRule } from '@/lib/zod-rule';
import { useOrderStocks, type OrderStocks } from '../api/get-order-stocks';
import { downloadLabel, useLabelLines, type LabelLine } from '../api/get-label-lines';
import { useOrderPackages } from '../api/get-order-packages';
import { useShipOrder } from '../api/ship-order';
import { carrierProblem, packageChoices, type PackageChoice } from '../lib/ship-packages';
import type { OrderModalProps } from '../lib/order-modal';
import {
  FEFO,
  defaultStores,
  firstLot,
  lineIsShort,
  lotNumberToSend,
  lotsOf,
  type ShipLot,
} from '../lib/ship-lots';

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
 * Ships one package; lines left at 0 stay for a later package. Each line ships from a warehouse,
 * proposed from where the stock is (`defaultStores`), and from a chosen lot or, by default, the
 * first-expiring lots (FEFO); a short lot asks for the confirmation the server requires
 * (docs/lots.md, "Shipping"). The form waits for the stock it proposes from.
 */
export function ShipModal({ order, open, onClose }: OrderModalProps) {
  const mutation = useShipOrder(order.id);
  const stocks = useOrderStocks(order.id, open);
  const labels = useLabelLines(order.id, open);
  const packages = useOrderPackages(order.id, open);
  const [chosen, setChosen] = useState(0);
  const owed = order.goodsList.filter((g) => g.quantityPurchase > g.quantityShipped);
  const choices = packages.data ? packageChoices(packages.data, owed) : [];
  const choice = choices[Math.min(chosen, choices.length - 1)];
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
      {stocks.data && choice ? (
        <>
          {choices.length > 1 && (
            <PackagePicker choices={choices} value={chosen} onChange={setChosen} />
          )}
          {/* A new form per package: its lines are another class's. */}
          <ShipForm
            key={chosen}
            order={order}
            choice={choice}
            stocks={stocks.data}
            labelLines={labels.data ?? []}
            mutation={mutation}
            onClose={onClose}
          />
        </>
      ) : stocks.isError || packages.isError ? (
        <Alert type="error" showIcon message="库存读取失败，请关闭后重试" />
      ) : (
        <Spin />
      )}
    </FormModal>
  );
}

/**
 * Which package to ship now when the order's lines are of several shipping classes: lines of
 * different classes never share a package (docs/shipping.md), so each class ships on its own.
 */
function PackagePicker({
  choices,
  value,
  onChange,
}: {
  choices: PackageChoice[];
  value: number;
  onChange: (i: number) => void;
}) {
  return (
    <div style={{ marginBottom: 16 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 8 }}
        message="不同运输类别的商品不能同装一个包裹，请分开发货"
      />
      <Segmented<number>
        aria-label="本包裹的运输类别"
        value={value}
        onChange={onChange}
        options={choices.map((c, i) => ({
          value: i,
          label: `${c.shippingClass ? SHIPPING_CLASS_LABELS[c.shippingClass] : '全部'}（${c.orderGoodsIds?.length ?? 0} 种商品）`,
        }))}
      />
    </div>
  );
}

function ShipForm({
  order,
  choice,
  stocks,
  labelLines,
  mutation,
  onClose,
}: {
  order: ManageOrderDetail;
  /** The package being shipped: its lines and the carriers it may go with. */
  choice: PackageChoice;
  stocks: OrderStocks;
  /** The lines of hazardous products: each package of them gets a safety label. */
  labelLines: LabelLine[];
  mutation: ReturnType<typeof useShipOrder>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ShipValues>();
  const remaining = order.goodsList.filter(
    (g) =>
      g.quantityPurchase > g.quantityShipped &&
      (choice.orderGoodsIds === null || choice.orderGoodsIds.includes(g.id)),
  );
  const carriers = choice.carriers;
  const storeIds = stocks.stores.map((s) => s.id);
  const initialLines: ShipLine[] = defaultStores(
    remaining.map((g) => ({
      materialId: g.materialId,
      quantity: g.quantityPurchase - g.quantityShipped,
    })),
    storeIds,
    stocks.lots,
  ).map((storeId, i) => ({
    quantity: (remaining[i]?.quantityPurchase ?? 0) - (remaining[i]?.quantityShipped ?? 0),
    storeId,
    lot: FEFO,
  }));
  const lines = Form.useWatch('lines', form) ?? initialLines;
  const stockOf = (materialId: number, storeId: number) =>
    stocks.stocks.find((s) => s.materialId === materialId && s.storeId === storeId)?.count ?? 0;
  const { shortBefore, minShelfLifeMonths: months } = stocks;
  const lotsFor = (i: number) => {
    const g = remaining[i];
    const storeId = lines[i]?.storeId;
    return g && storeId !== undefined ? lotsOf(stocks.lots, g.materialId, storeId) : [];
  };
  // Lines that ship something and whose first lot is short need the confirmation.
  const needsConfirm =
    shortBefore !== '' &&
    remaining.some((_g, i) => {
      const line = lines[i];
      return (
        line !== undefined &&
        line.quantity > 0 &&
        line.storeId !== undefined &&
        lineIsShort(lotsFor(i), line.lot, shortBefore)
      );
    });
  // One warehouse for every line at once, when there is a choice to make.
  const sameStore = lines.every((l) => l.storeId === lines[0]?.storeId)
    ? lines[0]?.storeId
    : undefined;
  const shipAllFrom = (storeId: number) =>
    form.setFieldValue(
      'lines',
      lines.map((l) => ({ ...l, storeId, lot: FEFO })),
    );

  return (
    <Form<ShipValues>
      name="order-ship"
      form={form}
      layout="vertical"
      preserve={false}
      initialValues={{ lines: initialLines }}
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
            ...(needsConfirm && v.confirmShortExpiry === true ? { confirmShortExpiry: true } : {}),
            ...(v.handlerName ? { handlerName: v.handlerName } : {}),
            ...(v.handlerIdNumber ? { handlerIdNumber: v.handlerIdNumber } : {}),
          },
          { onSuccess: onClose },
        )
      }
    >
      {/* Side by side on a desk, one under the other on a phone. */}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="carrier"
            label="快递公司"
            rules={[
              { required: true, whitespace: true, message: '请输入快递公司' },
              {
                validator: async (_r, v: string | undefined) => {
                  const problem = carrierProblem(choice, v ?? '');
                  if (problem !== null && (v ?? '').trim() !== '') throw new Error(problem);
                },
              },
            ]}
          >
            {carriers === null ? (
              <Input placeholder="如 顺丰速运" autoFocus />
            ) : (
              // Only the package's carriers are offered (docs/shipping.md, section 4).
              <AutoComplete
                options={carriers.map((c) => ({ value: c, label: c }))}
                placeholder={`可选：${carriers.join('、')}`}
                autoFocus
              />
            )}
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="trackingNumber"
            label="快递单号"
            rules={[{ required: true, whitespace: true, message: '请输入快递单号' }]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
      {/* The person who collects or receives controlled chemicals, for the sales ledger
          (docs/compliance.md section 5); the server requires them for 剧毒 lines. */}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="handlerName"
            label="经办人（受管制化学品）"
            rules={[zodRule(deliveryBody.shape.handlerName)]}
          >
            <Input placeholder="提货或收货人姓名" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="handlerIdNumber"
            label="经办人身份证号码"
            rules={[zodRule(deliveryBody.shape.handlerIdNumber)]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
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
      {remaining.length > 1 && stocks.stores.length > 1 && (
        <Form.Item label="全部商品从此仓库发货">
          <Select
            aria-label="全部商品的发货仓库"
            placeholder="各行仓库不同"
            value={sameStore}
            onChange={shipAllFrom}
            options={stocks.stores.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
      )}
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
              const line = lines[f.name];
              const lots = lotsFor(f.name);
              const chosen = line?.lot !== undefined && line.lot !== FEFO ? line.lot : undefined;
              const first = firstLot(lots, line?.lot);
              const short =
                first !== undefined && shortBefore !== '' && isShort(first.expire, shortBefore);
              return (
                <List.Item style={{ display: 'block' }} data-testid="ship-line">
                  <Typography.Text strong>
                    {g.name} {g.pack}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    （{g.number}，待发 {g.quantityPurchase - g.quantityShipped}）
                  </Typography.Text>
                  <Row gutter={[8, 8]} style={{ marginTop: 8 }}>
                    <Col xs={24} sm={8}>
                      <Form.Item name={[f.name, 'storeId']} noStyle>
                        <Select
                          placeholder="选择仓库"
                          style={{ width: '100%' }}
                          aria-label={`发货仓库 ${g.name}`}
                          onChange={() => form.setFieldValue(['lines', f.name, 'lot'], FEFO)}
                          options={stocks.stores.map((s) => ({
                            value: s.id,
                            label: `${s.name}（库存 ${stockOf(g.materialId, s.id)}）`,
                          }))}
                        />
                      </Form.Item>
                    </Col>
                    {/* The lots belong to a warehouse: the lot is chosen once it is. */}
                    {line?.storeId !== undefined && (
                      <Col xs={24} sm={10}>
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
                            style={{ width: '100%' }}
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
                      </Col>
                    )}
                    <Col xs={24} sm={6}>
                      <Form.Item name={[f.name, 'quantity']} noStyle>
                        <InputNumber
                          min={0}
                          max={g.quantityPurchase - g.quantityShipped}
                          precision={0}
                          aria-label={`发货数量 ${g.name}`}
                          prefix="数量"
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  {/* The lot and its expiry in full, however narrow the select above is. */}
                  {first && (
                    <Typography.Text
                      type="secondary"
                      data-testid="ship-line-lot"
                      style={{ display: 'block', marginTop: 4 }}
                    >
                      {chosen === undefined ? '按效期先出，先发批号' : '批号'} {first.lotNumber}，
                      {first.expire === null ? '无有效期' : `有效期至 ${first.expire}`}
                    </Typography.Text>
                  )}
                  <SafetyLabelButton
                    line={labelLines.find((l) => l.orderGoodsId === g.id)}
                    number={g.number}
                    lotNumber={first?.lotNumber}
                  />
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
  );
}

/**
 * 打印安全标签 of a hazardous line: the GB 15258 label of its pack and the lot it ships from
 * (docs/safety.md), for the package; nothing for other lines.
 */
function SafetyLabelButton({
  line,
  number,
  lotNumber,
}: {
  line: LabelLine | undefined;
  number: string;
  lotNumber: string | undefined;
}) {
  if (!line) return null;
  return (
    <Button
      size="small"
      style={{ marginTop: 6 }}
      disabled={lotNumber === undefined}
      onClick={() => lotNumber !== undefined && void downloadLabel(line, number, lotNumber)}
    >
      {lotNumber === undefined ? '打印安全标签（无批号库存）' : `打印安全标签（批号 ${lotNumber}）`}
    </Button>
  );
}

/** A lot as the select lists it: number, expiry, units, and whether it is short. */
function lotLabel(lot: ShipLot, shortBefore: string): string {
  const expire = lot.expire === null ? '无有效期' : `至 ${lot.expire}`;
  const short = shortBefore !== '' && isShort(lot.expire, shortBefore) ? '，近效期' : '';
  return `${lot.lotNumber}（${expire}，库存 ${lot.quantity}${short}）`;
}
