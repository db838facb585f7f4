import { App, Button, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { shelfLifeSchema } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useSaveShelfLife, useShelfLife } from '../api/shelf-life';

/**
 * The shop's minimum remaining shelf life at shipping: a lot expiring sooner than this many
 * months ships only when staff confirm it in the ship dialog (docs/lots.md, "Shipping").
 */
export function ShelfLifeForm() {
  const { message } = App.useApp();
  const current = useShelfLife();
  const save = useSaveShelfLife();
  if (current.isPending) return <Skeleton.Input active />;
  return (
    <Form<{ minMonths: number }>
      name="shelf-life"
      layout="inline"
      initialValues={{ minMonths: current.data?.minMonths }}
      onFinish={(v) => save.mutate(v, { onSuccess: () => void message.success('保存成功') })}
      style={{ rowGap: 8 }}
    >
      <Form.Item
        name="minMonths"
        label="最短剩余有效期（月）"
        rules={[zodRule(shelfLifeSchema.shape.minMonths)]}
      >
        <InputNumber min={0} max={120} precision={0} style={{ width: 100 }} />
      </Form.Item>
      <Space wrap>
        <Button htmlType="submit" loading={save.isPending}>
          保存
        </Button>
        <Typography.Text type="secondary">
          发货时，剩余有效期不足此月数的批次须确认后才能发出。
        </Typography.Text>
      </Space>
    </Form>
  );
}
