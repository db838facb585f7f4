import { Form, Input, InputNumber, Select } from 'antd';
import { stockAdjustmentBody, type Lot } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useAdjustStock, type Adjustment } from '../api/adjust-stock';
import type { StockRow } from '../api/get-stock';

export interface AdjustTarget {
  row: StockRow;
  storeId: number;
  /** Opened from a lot's row: that lot, written off (报损) unless staff choose otherwise. */
  lot?: Lot;
}

type AdjustValues = Pick<Adjustment, 'reason' | 'quantity' | 'remark' | 'lotNumber'>;

const shape = stockAdjustmentBody.shape;

/**
 * 调整库存: received adds, damaged subtracts, counted sets the count, of one lot or, without one,
 * by the server's rule (docs/lots.md): an increase goes to 未分批, a decrease takes 未分批 first,
 * then the lots that expire last. New lots come in through a receipt.
 */
export function AdjustModal({
  target,
  onClose,
}: {
  target: AdjustTarget | null;
  onClose: () => void;
}) {
  const adjust = useAdjustStock();
  return (
    <FormModal
      title={target ? `调整库存：${target.row.number} ${target.row.pack}` : '调整库存'}
      open={target !== null}
      form="stock-adjust"
      saving={adjust.isPending}
      onCancel={onClose}
      okText="确定"
    >
      {target && (
        <Form<AdjustValues>
          name="stock-adjust"
          layout="vertical"
          preserve={false}
          initialValues={{
            reason: target.lot ? 'damaged' : 'received',
            lotNumber: target.lot?.lotNumber,
            quantity: 1,
            remark: '',
          }}
          onFinish={(v) =>
            adjust.mutate(
              {
                materialId: target.row.materialId,
                storeId: target.storeId,
                reason: v.reason,
                quantity: v.quantity,
                remark: v.remark,
                ...(v.lotNumber ? { lotNumber: v.lotNumber } : {}),
              },
              { onSuccess: onClose },
            )
          }
        >
          <Form.Item name="reason" label="类型">
            <Select
              options={[
                { value: 'received', label: '入库（增加）' },
                { value: 'damaged', label: '报损（减少）' },
                { value: 'counted', label: '盘点（设为实际数量）' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="lotNumber"
            label="批号"
            extra="不指定时：增加记入未分批；减少先扣未分批，再扣效期最晚的批次。新批次请通过入库单入库。"
          >
            <Select
              allowClear
              placeholder="不指定批次"
              options={target.row.lots.map((l) => ({
                value: l.lotNumber,
                label: `${l.lotNumber}（${l.expire ? `至 ${l.expire}` : '无有效期'}，本仓 ${l.quantity}）`,
              }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label="数量" rules={[zodRule(shape.quantity)]}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="remark" label="原因" rules={[zodRule(shape.remark)]}>
            <Input />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
