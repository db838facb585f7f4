import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { useAddTrack } from '../api/add-track';

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
