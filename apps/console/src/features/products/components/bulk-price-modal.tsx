import { App, Form, InputNumber, Radio } from 'antd';
import { bulkPriceBody } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { zodFormRule, zodRule } from '@/lib/zod-rule';
import { useBulkPrices, type BulkPriceBody } from '../api/bulk-products';

/**
 * 批量改价 of the selected products' packs: the market or member price up or down by a
 * percentage, or set to one amount. The server works the prices out and rounds them to the fen
 * (docs/console.md, "Bulk actions"); a pack without that price (询价) stays so.
 */
export function BulkPriceModal({
  ids,
  open,
  onClose,
}: {
  ids: number[];
  open: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { message } = App.useApp();
  const prices = useBulkPrices();
  return (
    <FormModal
      title={`批量改价（已选 ${ids.length} 个商品）`}
      open={open}
      form="bulk-price"
      saving={prices.isPending}
      onCancel={() => onClose(false)}
      okText="确定改价"
    >
      <Form<BulkPriceBody>
        name="bulk-price"
        layout="vertical"
        preserve={false}
        initialValues={{ ids, field: 'price', mode: 'percent' }}
        onFinish={(v) =>
          prices.mutate(
            { ids, field: v.field, mode: v.mode, value: v.value },
            {
              onSuccess: ({ changed }) => {
                void message.success(`已调整 ${changed} 个商品的价格`);
                onClose(true);
              },
            },
          )
        }
      >
        <Form.Item name="field" label="调整">
          <Radio.Group
            options={[
              { value: 'price', label: '市场价' },
              { value: 'userPrice', label: '会员价' },
            ]}
          />
        </Form.Item>
        <Form.Item name="mode" label="方式">
          <Radio.Group
            options={[
              { value: 'percent', label: '按百分比上调或下调' },
              { value: 'fixed', label: '改为固定价格' },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['mode']}>
          {({ getFieldValue }) => {
            const percent = getFieldValue('mode') === 'percent';
            return (
              <Form.Item
                name="value"
                label={percent ? '调整比例（%）' : '价格（元）'}
                extra={
                  percent
                    ? '正数上调、负数下调，如 10 或 -5；结果按四舍五入精确到分'
                    : '所选商品各规格的该价格都改为此金额'
                }
                dependencies={['mode']}
                rules={[zodRule(bulkPriceBody.shape.value), zodFormRule(bulkPriceBody, 'value')]}
              >
                <InputNumber<number>
                  aria-label={percent ? '调整比例' : '价格'}
                  step={percent ? 1 : 0.01}
                  suffix={percent ? '%' : '元'}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            );
          }}
        </Form.Item>
      </Form>
    </FormModal>
  );
}
