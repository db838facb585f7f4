import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Result, Select, Typography } from 'antd';
import { OrderStatus } from '@labshop/shared';
import { bulkShipBody, type BulkShipResult, type ManageOrder } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { useStores } from '@/hooks/use-reference-data';
import { zodRule } from '@/lib/zod-rule';
import { useBulkShip } from '../api/bulk-ship';
import { mayDo, useSession } from '@/lib/session';

interface ShipValues {
  storeId: number;
  carrier: string;
  tracking: Record<string, string>;
}

const shape = bulkShipBody.shape;
const trackingRule = zodRule(shape.orders.element.shape.trackingNumber);

/**
 * 批量发货 of the selected 待发货 orders: one warehouse and carrier, a tracking number per order.
 * Each order ships what it still owes as one package, lots first to expire first; the dialog
 * then lists the orders shipped and those refused with the reason (docs/console.md, "Bulk
 * actions").
 */
function BulkShipDialog({
  orders,
  onClose,
}: {
  orders: ManageOrder[];
  /** `shipped`: the batch ran, so the selection is done with. */
  onClose: (shipped: boolean) => void;
}) {
  const stores = useStores();
  const ship = useBulkShip();
  const [result, setResult] = useState<BulkShipResult | null>(null);

  if (result) {
    return (
      <Modal
        title="批量发货结果"
        open
        onCancel={() => onClose(true)}
        footer={<Button onClick={() => onClose(true)}>关闭</Button>}
      >
        <Result
          status={result.failed.length === 0 ? 'success' : 'warning'}
          title={`已发货 ${result.shipped.length} 个订单`}
          subTitle={result.failed.length > 0 ? `${result.failed.length} 个订单未能发货` : undefined}
        />
        {result.failed.length > 0 && (
          <>
            <Typography.Title level={5}>未发货</Typography.Title>
            <ul>
              {result.failed.map((f) => (
                <li key={f.orderId}>
                  <Typography.Text strong>{f.number || `ID ${f.orderId}`}</Typography.Text>：
                  {f.reason}
                </li>
              ))}
            </ul>
          </>
        )}
        {result.shipped.length > 0 && (
          <>
            <Typography.Title level={5}>已发货</Typography.Title>
            <ul>
              {result.shipped.map((o) => (
                <li key={o.orderId}>{o.number}</li>
              ))}
            </ul>
          </>
        )}
      </Modal>
    );
  }

  return (
    <FormModal
      title={`批量发货（${orders.length} 个订单）`}
      open
      form="bulk-ship"
      saving={ship.isPending}
      onCancel={() => onClose(false)}
      okText="确定发货"
      width={600}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="每个订单待发的全部商品作为一个包裹从所选仓库发出，按效期先出；近效期批次需在订单详情中逐单确认后发货。"
      />
      <Form<ShipValues>
        name="bulk-ship"
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          ship.mutate(
            {
              storeId: v.storeId,
              carrier: v.carrier,
              orders: orders.map((o) => ({
                orderId: o.id,
                trackingNumber: v.tracking[String(o.id)] ?? '',
              })),
            },
            { onSuccess: setResult },
          )
        }
      >
        <Form.Item
          name="storeId"
          label="发货仓库"
          rules={[{ required: true, message: '请选择发货仓库' }]}
        >
          <Select
            placeholder="选择仓库"
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="carrier" label="快递公司" rules={[zodRule(shape.carrier)]}>
          <Input placeholder="如：顺丰速运" />
        </Form.Item>
        {orders.map((o) => (
          <Form.Item
            key={o.id}
            name={['tracking', String(o.id)]}
            label={`${o.number} 快递单号（${o.deliveryUsername}）`}
            rules={[trackingRule]}
          >
            <Input aria-label={`${o.number} 快递单号`} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}

/** The order list's 批量发货 button: it takes the selected rows that are 待发货. */
export function BulkShipButton({
  selected,
  onDone,
}: {
  selected: ManageOrder[];
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const ready = selected.filter((o) => o.status === OrderStatus.AWAITING_SHIPMENT);
  if (!mayDo(session, 'order.ship')) return null;
  return (
    <>
      <Button disabled={ready.length === 0} onClick={() => setOpen(true)}>
        批量发货{ready.length > 0 ? `（${ready.length}）` : ''}
      </Button>
      {open && (
        <BulkShipDialog
          orders={ready}
          onClose={(shipped) => {
            setOpen(false);
            if (shipped) onDone();
          }}
        />
      )}
    </>
  );
}
