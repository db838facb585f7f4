import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges } from './audit.ts';

describe('audit presentation', () => {
  it('names actions in Chinese, families by their prefix, unknown ones as stored', () => {
    expect(auditActionLabel('order.delivery')).toBe('发货');
    expect(auditActionLabel('setting.seal')).toBe('修改站点设置');
    expect(auditActionLabel('inbox.feedbacks.reply')).toBe('回复消息');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('lists only the fields that changed, with order states by name', () => {
    const changes = auditChanges(
      'order.payment',
      JSON.stringify({ status: 1, payStatus: 1, amount: 100 }),
      JSON.stringify({ status: 2, payStatus: 2, amount: 100, reference: 'NO123' }),
    );
    expect(changes).toEqual([
      { field: 'status', label: '订单状态', before: '待处理', after: '待发货' },
      { field: 'payStatus', label: '支付状态', before: '未支付', after: '已支付' },
      { field: 'reference', label: '转账参考号', before: null, after: 'NO123' },
    ]);
  });

  it('leaves numbers alone outside orders and shows yes/no and empty values', () => {
    expect(
      auditChanges(
        'member.disable',
        JSON.stringify({ disabled: false }),
        JSON.stringify({ disabled: true }),
      ),
    ).toEqual([{ field: 'disabled', label: '停用', before: '否', after: '是' }]);
    expect(auditChanges('store.update', '{"status":1}', '{"status":2}')[0]?.after).toBe('2');
    expect(auditChanges('staff.update', '{"name":""}', '{"name":"张三"}')[0]?.before).toBe(
      '（空）',
    );
  });

  it('names the bank-transfer actions and what they record', () => {
    expect(auditActionLabel('order.payment.override')).toBe('备注不符确认收款');
    expect(auditActionLabel('order.payment.transfer')).toBe('合并确认收款');
    const changes = auditChanges(
      'order.payment.transfer',
      JSON.stringify({ status: 1 }),
      JSON.stringify({ status: 2, transferId: 7, overrideReason: '客户来电确认' }),
    );
    expect(changes.map((c) => [c.label, c.after])).toEqual([
      ['订单状态', '待发货'],
      ['转账记录', '7'],
      ['备注不符原因', '客户来电确认'],
    ]);
  });

  it('names what a gateway refund records, and the payment it gave back', () => {
    const changes = auditChanges(
      'order.refund',
      '',
      JSON.stringify({
        refundNo: '20261129000000000001R0a1b2c3d',
        amount: 320,
        reason: '重复付款',
        payment: '20261129000000000001',
      }),
    );
    expect(changes.map((c) => [c.label, c.after])).toEqual([
      ['退款单号', '20261129000000000001R0a1b2c3d'],
      ['金额', '320'],
      ['原因', '重复付款'],
      ['付款单号', '20261129000000000001'],
    ]);
  });

  it('shows a side that is not a JSON object whole', () => {
    expect(auditChanges('product.import', '', 'imported 3 rows')).toEqual([
      { field: '', label: '内容', before: null, after: 'imported 3 rows' },
    ]);
  });

  it('names lot actions and shows the lots a package shipped from', () => {
    expect(auditActionLabel('stock.receipt')).toBe('入库');
    expect(auditActionLabel('stock.damaged')).toBe('报损');
    const changes = auditChanges(
      'order.delivery',
      JSON.stringify({ status: 2 }),
      JSON.stringify({
        status: 3,
        lots: [
          { orderGoodsId: 7, lotNumber: '20250312', quantity: 2 },
          { orderGoodsId: 7, lotNumber: '20260108', quantity: 1 },
        ],
        shortExpiryConfirmed: true,
      }),
    );
    expect(changes.find((c) => c.field === 'lots')).toMatchObject({
      label: '批次',
      after: '20250312×2、20260108×1',
    });
    expect(changes.find((c) => c.field === 'shortExpiryConfirmed')).toMatchObject({
      label: '已确认近效期',
      after: '是',
    });
  });

  it('names a cancelled package and shows its reason and the lots that went back', () => {
    expect(auditActionLabel('order.delivery.cancel')).toBe('撤销发货');
    const changes = auditChanges(
      'order.delivery.cancel',
      JSON.stringify({ status: 3 }),
      JSON.stringify({
        status: 2,
        deliveryId: 12,
        reason: '发错货',
        lots: [{ orderGoodsId: 7, lotNumber: '20250312', quantity: 2 }],
      }),
    );
    expect(changes).toEqual([
      { field: 'status', label: '订单状态', before: '运输中', after: '待发货' },
      { field: 'deliveryId', label: '包裹', before: null, after: '12' },
      { field: 'reason', label: '原因', before: null, after: '发错货' },
      { field: 'lots', label: '批次', before: null, after: '20250312×2' },
    ]);
  });
});
