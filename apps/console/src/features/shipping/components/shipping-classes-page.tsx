import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SELF_PICKUP, SHIPPING_CLASS_LABELS } from '@labshop/shared';
import { shippingRulesInput, type ShippingRulesAnswer } from '@labshop/shared/schemas';
import { MoneyInput } from '@/components/money-input';
import { useDivisions } from '@/hooks/use-divisions';
import { zodRule } from '@/lib/zod-rule';
import { useSaveShippingRules, useShippingRules } from '../api/shipping-rules';
import { formToRules, rulesToForm, type RulesFormValues } from '../lib/rules-form';

const carrierRule = shippingRulesInput.shape.carriers.element;
const classRule = shippingRulesInput.shape.classes.element;

/**
 * 运输类别 (docs/shipping.md, section 2): the carriers the shop ships with, and per shipping
 * class the surcharge per package, the carriers allowed and the regions not shipped to. The
 * server checks the whole; its refusal stays on the page until the next save.
 */
export default function ShippingClassesPage() {
  const rules = useShippingRules();
  return (
    <Card title="运输类别">
      {rules.data ? (
        <RulesForm rules={rules.data} />
      ) : rules.isError ? (
        <Alert type="error" showIcon message="运输规则读取失败，请刷新后重试" />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function RulesForm({ rules }: { rules: ShippingRulesAnswer }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RulesFormValues>();
  const save = useSaveShippingRules();
  const provinces = useProvinceOptions();
  const carriers = Form.useWatch('carriers', form) ?? rules.carriers;
  const carrierOptions = carriers
    .map((c) => c?.name?.trim() ?? '')
    .filter((name) => name !== '')
    .map((name) => ({ value: name, label: name }));

  return (
    <Form<RulesFormValues>
      form={form}
      name="shipping-classes"
      layout="vertical"
      initialValues={rulesToForm(rules)}
      onFinish={(v) =>
        save.mutate(formToRules(v), { onSuccess: () => void message.success('保存成功') })
      }
    >
      {save.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="未保存"
          description={save.error.message}
          data-testid="shipping-rules-error"
        />
      )}
      <Typography.Title level={5}>承运商</Typography.Title>
      <Typography.Paragraph type="secondary">
        {SELF_PICKUP}
        无需设置，总是可选。“可运剧毒”表示该承运商持有剧毒化学品道路运输资质（由本店声明）；含剧毒商品的包裹只能由这些承运商发运或
        {SELF_PICKUP}。
      </Typography.Paragraph>
      <Form.List name="carriers">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" wrap style={{ display: 'flex' }}>
                <Form.Item name={[f.name, 'name']} rules={[zodRule(carrierRule.shape.name)]}>
                  <Input
                    aria-label={`承运商 ${f.name + 1}`}
                    placeholder="如 顺丰速运"
                    maxLength={20}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'licensed']} valuePropName="checked">
                  <Switch
                    aria-label={`可运剧毒 ${f.name + 1}`}
                    checkedChildren="可运剧毒"
                    unCheckedChildren="不运剧毒"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`删除承运商 ${f.name + 1}`}
                  onClick={() => remove(f.name)}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              style={{ marginBottom: 24 }}
              onClick={() => add({ name: '', licensed: false })}
            >
              添加承运商
            </Button>
          </>
        )}
      </Form.List>
      <Typography.Title level={5}>各类别规则</Typography.Title>
      <Form.List name="classes">
        {(fields) => (
          <Row gutter={[16, 16]}>
            {fields.map((f) => {
              const shippingClass = form.getFieldValue([
                'classes',
                f.name,
                'shippingClass',
              ]) as RulesFormValues['classes'][number]['shippingClass'];
              const label = SHIPPING_CLASS_LABELS[shippingClass];
              return (
                <Col key={f.key} xs={24} lg={12}>
                  <Card size="small" title={label} data-testid={`shipping-class-${shippingClass}`}>
                    {/* Only registered fields come back from the form. */}
                    <Form.Item name={[f.name, 'shippingClass']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'surcharge']}
                      label="每个包裹附加运费（元）"
                      rules={[zodRule(classRule.shape.surcharge)]}
                    >
                      <MoneyInput min={0} aria-label={`附加运费 ${label}`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'carriers']}
                      label="可用承运商"
                      extra={`${SELF_PICKUP}总是可选`}
                    >
                      <Select
                        mode="multiple"
                        aria-label={`可用承运商 ${label}`}
                        placeholder={`只能${SELF_PICKUP}`}
                        options={carrierOptions}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'excludedRegions']} label="不发货地区">
                      <Select
                        mode="multiple"
                        aria-label={`不发货地区 ${label}`}
                        placeholder="全国可发"
                        optionFilterProp="label"
                        options={provinces}
                      />
                    </Form.Item>
                  </Card>
                </Col>
              );
            })}
          </Row>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }}>
        保存
      </Button>
    </Form>
  );
}

/** The provinces (codes ending 0000) as options; a delivery region names its province first. */
function useProvinceOptions() {
  const divisions = useDivisions();
  return Object.entries(divisions.data ?? {})
    .filter(([code]) => code.endsWith('0000'))
    .map(([code, name]) => ({ value: code, label: `${name}（${code}）` }));
}
