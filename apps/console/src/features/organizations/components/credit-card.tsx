import { Button, Card, Descriptions, Form, InputNumber } from 'antd';
import { MoneyInput } from '@/components/money-input';
import { useSetCredit, type OrgCredit } from '../api/orgs';

const yuan = (v: number | undefined) => (v === undefined ? '--' : `￥${v.toFixed(2)}`);

/** 信用额度 (月结, docs/contract-prices-credit.md): finance sets the limit and the term in days. */
export function CreditCard({
  orgId,
  credit,
  editable,
}: {
  orgId: number;
  credit: OrgCredit | null | undefined;
  editable: boolean;
}) {
  const save = useSetCredit(orgId);
  return (
    <Card title="信用额度" size="small">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { label: '信用额度', children: credit ? yuan(credit.limit) : '未开通月结' },
          { label: '账期', children: credit ? `${credit.termDays} 天` : '--' },
          { label: '已用额度', children: yuan(credit?.used) },
          { label: '逾期金额', children: yuan(credit?.overdue) },
        ]}
      />
      {editable && (
        <Form<{ limit: number; termDays: number }>
          name="org-credit"
          layout="inline"
          initialValues={credit ?? { termDays: 30 }}
          onFinish={(v) => save.mutate(v)}
          style={{ marginTop: 12, rowGap: 8 }}
        >
          <Form.Item
            name="limit"
            label="信用额度（元）"
            rules={[{ required: true, message: '请输入信用额度' }]}
          >
            <MoneyInput min={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="termDays"
            label="账期（天）"
            rules={[{ required: true, message: '请输入账期' }]}
          >
            <InputNumber<number> min={1} max={365} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form>
      )}
    </Card>
  );
}
