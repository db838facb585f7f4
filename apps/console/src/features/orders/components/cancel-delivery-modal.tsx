import { Form, Input, Typography } from 'antd';
import { cancelDeliveryBody, type ManageOrderDetail } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useCancelDelivery } from '../api/cancel-delivery';

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
