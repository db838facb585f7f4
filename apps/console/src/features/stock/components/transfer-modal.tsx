import { App, Descriptions, Form, Input, InputNumber, Select } from 'antd';
import { stockTransferBody, type Lot } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { ExpiryCell } from '@/components/expiry-tag';
import { useStores } from '@/hooks/use-reference-data';
import { zodRule } from '@/lib/zod-rule';
import { useTransferStock } from '../api/transfer-stock';

export interface TransferTarget {
  materialId: number;
  number: string;
  name: string;
  pack: string;
  storeId: number;
  storeName: string;
  lot: Lot;
}

interface TransferValues {
  toStoreId: number;
  quantity: number;
  remark: string;
}

const shape = stockTransferBody.shape;

/** 调拨: units of one lot from its warehouse to another (a transfer-out and a transfer-in). */
export function TransferModal({
  target,
  onClose,
}: {
  target: TransferTarget | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const stores = useStores();
  const transfer = useTransferStock();
  const lot = target?.lot;
  return (
    <FormModal
      title={target ? `调拨：${target.number} ${target.pack}` : '调拨'}
      open={target !== null}
      form="stock-transfer"
      saving={transfer.isPending}
      onCancel={onClose}
      okText="确定调拨"
    >
      {target && lot && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="商品">{target.name}</Descriptions.Item>
            <Descriptions.Item label="批号">{lot.lotNumber}</Descriptions.Item>
            <Descriptions.Item label="有效期至">
              <ExpiryCell expire={lot.expire} />
            </Descriptions.Item>
            <Descriptions.Item label="调出仓库">
              {target.storeName}（本批 {lot.quantity}）
            </Descriptions.Item>
          </Descriptions>
          <Form<TransferValues>
            name="stock-transfer"
            layout="vertical"
            preserve={false}
            initialValues={{ quantity: lot.quantity, remark: '' }}
            onFinish={(v) =>
              transfer.mutate(
                {
                  materialId: target.materialId,
                  lotNumber: lot.lotNumber,
                  fromStoreId: target.storeId,
                  toStoreId: v.toStoreId,
                  quantity: v.quantity,
                  remark: v.remark,
                },
                {
                  onSuccess: (res) => {
                    void message.success(`调拨成功（调拨单 ${res.id}）`);
                    onClose();
                  },
                },
              )
            }
          >
            <Form.Item
              name="toStoreId"
              label="调入仓库"
              rules={[{ required: true, message: '请选择调入仓库' }]}
            >
              <Select
                placeholder="选择仓库"
                options={(stores.data ?? [])
                  .filter((s) => s.id !== target.storeId)
                  .map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
            <Form.Item
              name="quantity"
              label="调拨数量"
              rules={[
                zodRule(shape.quantity),
                {
                  validator: async (_r, v: number | null) => {
                    if (typeof v === 'number' && v > lot.quantity)
                      throw new Error(`该批次本仓只有 ${lot.quantity}`);
                  },
                },
              ]}
            >
              <InputNumber min={1} max={lot.quantity} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
              <Input placeholder="如：补充上海仓库存" />
            </Form.Item>
          </Form>
        </>
      )}
    </FormModal>
  );
}
