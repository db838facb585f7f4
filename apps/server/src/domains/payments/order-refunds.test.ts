import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceBusiness, BalanceType, OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { ManageOrderDetail, OrderDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { catalogueVersion } from '../../lib/catalogue-version.ts';

let ctx: TestContext;
let admin: StaffMember;
let finance: StaffMember;
let finance2: StaffMember;
let operator: StaffMember;
let warehouse: StaffMember;
let store: number;
let keySeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin']);
  finance = await createStaff(ctx.db, ['finance'], '财务甲');
  finance2 = await createStaff(ctx.db, ['finance'], '财务乙');
  operator = await createStaff(ctx.db, ['operator']);
  warehouse = await createStaff(ctx.db, ['warehouse']);
  store = await insertStore(ctx.db, { name: '北京仓' });
});
afterAll(async () => ctx.close());

const as = (staff: StaffMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...auth(staff), 'idempotency-key': `order-refunds-test-${++keySeq}` },
    ...(payload ? { payload } : {}),
  });

const refund = (staff: StaffMember, id: number, payload: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/orders/${id}/refunds`,
    headers: { ...auth(staff), 'idempotency-key': key ?? `order-refunds-test-${++keySeq}` },
    payload,
  });

/** A member's order of 3 × ¥500 (¥1,500, no freight): balance orders are paid on placing. */
async function placeOrder(payType: number) {
  const member = await createMember(ctx, { balanceFen: 1_000_000 });
  const materialId = await insertPack(ctx.db, 50_000);
  await insertStock(ctx.db, materialId, store, 10);
  const cartId = await insertCartLine(ctx.db, member.userId, materialId, 3);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([cartId], { payType }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = body<{ order: { id: number; number: string; amount: number } }>(res).data.order;
  expect(order.amount).toBe(1500);
  return { member, ...order };
}

async function paidBankOrder() {
  const o = await placeOrder(PayType.BANK_TRANSFER);
  const paid = await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
    amount: o.amount,
    reference: o.number,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return o;
}

/** Ships all three units, so the order is 运输中 and may be refunded in full. */
async function shipAll(id: number) {
  const line = (await detail(id)).goodsList[0]!.id;
  const res = await as(warehouse, 'POST', `/manage/v1/orders/${id}/deliveries`, {
    carrier: '顺丰速运',
    trackingNumber: `SF${id}`,
    goods: [{ orderGoodsId: line, quantity: 3, storeId: store }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const detail = async (id: number) =>
  body<ManageOrderDetail>(await as(admin, 'GET', `/manage/v1/orders/${id}`)).data;
const memberDetail = async (m: Member, id: number) =>
  body<OrderDetail>(
    await ctx.app.inject({ method: 'GET', url: `/client/v1/user/orders/${id}`, headers: auth(m) }),
  ).data;
const balanceOf = async (userId: number) =>
  (
    await ctx.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).balance;
const refundLedger = (userId: number) =>
  ctx.db
    .selectFrom('balanceRecords')
    .select(['type', 'business', 'amount', 'balanceAfter', 'orderId'])
    .where('userId', '=', userId)
    .where('business', '=', BalanceBusiness.REFUND)
    .orderBy('id')
    .execute();
const refundRows = (orderId: number) =>
  ctx.db
    .selectFrom('orderRefunds')
    .select(['payType', 'amount', 'reason', 'staffId'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
const messagesOf = (userId: number, event: string) =>
  ctx.db
    .selectFrom('memberMessages')
    .select(['title', 'content', 'link'])
    .where('userId', '=', userId)
    .where('event', '=', event)
    .orderBy('id')
    .execute();
const auditOf = (orderId: number, action: string) =>
  ctx.db
    .selectFrom('auditLogs')
    .select(['staffId', 'after'])
    .where('action', '=', action)
    .where('target', '=', `order:${orderId}`)
    .orderBy('id')
    .execute();

describe('partial refund of a balance order', () => {
  it('goes back to the balance with its ledger row and audit row; both detail pages show it', async () => {
    const o = await placeOrder(PayType.BALANCE);
    const before = await balanceOf(o.member.userId);

    const res = await refund(finance, o.id, { amount: 200.5, reason: '一个批次缺货' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({
      code: 0,
      msg: '退款成功',
      data: { amount: 200.5, state: 'success', reason: '一个批次缺货', staffId: finance.id },
    });
    expect(await balanceOf(o.member.userId)).toBe(before + 20_050);
    expect(await refundLedger(o.member.userId)).toEqual([
      {
        type: BalanceType.INCOME,
        business: BalanceBusiness.REFUND,
        amount: 20_050,
        balanceAfter: before + 20_050,
        orderId: o.id,
      },
    ]);
    expect(await refundRows(o.id)).toEqual([
      { payType: PayType.BALANCE, amount: 20_050, reason: '一个批次缺货', staffId: finance.id },
    ]);
    const audit = await auditOf(o.id, 'order.refund');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staffId).toBe(finance.id);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({ amount: 200.5, reason: '一个批次缺货' });

    const d = await detail(o.id);
    expect(d).toMatchObject({
      status: OrderStatus.AWAITING_SHIPMENT,
      payStatus: PayStatus.PAID,
      refundedAmount: 200.5,
      refunds: [{ amount: 200.5, reason: '一个批次缺货' }],
    });
    const m = await memberDetail(o.member, o.id);
    expect(m.refundedAmount).toBe(200.5);
    expect(m.refunds).toEqual([d.refunds[0]]);
    // The member is told in the refund's transaction.
    const [told] = await messagesOf(o.member.userId, 'order-refunded');
    expect(told?.link).toBe(`/order/${o.id}`);
    expect(told?.content).toContain(`订单 ${o.number} 已退款 ¥200.50`);
    expect(told?.content).toContain('原因：一个批次缺货');
    expect(told?.content).toContain('款项已退回您的账户余额。');

    // The member's balance history lists the refund.
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/user/finance?business=3',
      headers: auth(o.member),
    });
    expect(
      body<{ records: { type: number; business: number; amount: number }[] }>(history).data.records,
    ).toMatchObject([{ type: 1, business: 3, amount: 200.5 }]);
  });

  it('a refund the order cannot take changes nothing', async () => {
    const o = await placeOrder(PayType.BALANCE);
    const before = await balanceOf(o.member.userId);
    expect((await refund(finance, o.id, { amount: 500, reason: '缺货' })).statusCode).toBe(200);

    const cases: [StaffMember, object, number, string][] = [
      [finance, { amount: 1000.01, reason: '超额' }, 400, '退款金额超出可退金额'],
      [finance, { amount: 1.005, reason: '三位小数' }, 400, '金额最多两位小数'],
      [finance, { amount: 0, reason: '零' }, 400, '请输入退款金额'],
      [finance, { amount: 1 }, 400, '请输入退款原因'],
      [finance, { amount: 1, reason: '长'.repeat(201) }, 400, ''],
      // The rest of an order that has shipped nothing goes back by cancelling it.
      [finance, { amount: 1000, reason: '全部退款' }, 400, '尚未发货的订单全额退款请取消订单'],
      [finance, { reason: '剩余全部' }, 400, '尚未发货的订单全额退款请取消订单'],
      [operator, { amount: 1, reason: '运营' }, 403, ''],
      [warehouse, { amount: 1, reason: '仓库' }, 403, ''],
    ];
    for (const [staff, payload, status, msg] of cases) {
      const res = await refund(staff, o.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (msg) expect(body(res).msg).toBe(msg);
    }
    expect(await balanceOf(o.member.userId)).toBe(before + 50_000);
    expect(await refundRows(o.id)).toHaveLength(1);
    expect(await auditOf(o.id, 'order.refund')).toHaveLength(1);
    expect((await detail(o.id)).refundedAmount).toBe(500);
    expect(await messagesOf(o.member.userId, 'order-refunded')).toHaveLength(1);
  });

  it('refuses unpaid and cancelled orders', async () => {
    const unpaid = await placeOrder(PayType.BANK_TRANSFER);
    const a = await refund(finance, unpaid.id, { amount: 1, reason: '未付款' });
    expect(a.statusCode).toBe(400);
    expect(body(a).msg).toBe('订单未支付，无需退款');

    const o = await placeOrder(PayType.BALANCE);
    expect(
      (await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '取消' })).statusCode,
    ).toBe(200);
    const balance = await balanceOf(o.member.userId);
    const b = await refund(finance, o.id, { amount: 1, reason: '已取消' });
    expect(b.statusCode).toBe(400);
    expect(body(b).msg).toBe('订单已取消，不能退款');
    expect(await balanceOf(o.member.userId)).toBe(balance);
  });

  it('a shipped order may be refunded in full: it is then 已退款', async () => {
    const o = await placeOrder(PayType.BALANCE);
    await shipAll(o.id);
    const before = await balanceOf(o.member.userId);
    expect((await refund(finance, o.id, { amount: 300, reason: '破损' })).statusCode).toBe(200);
    const catalogueBefore = await catalogueVersion(ctx.db);
    const rest = await refund(finance, o.id, { reason: '退货' });
    expect(body(rest)).toMatchObject({ code: 0, data: { amount: 1200 } });
    expect(await balanceOf(o.member.userId)).toBe(before + 150_000);
    expect(await detail(o.id)).toMatchObject({
      status: OrderStatus.SHIPPING,
      payStatus: PayStatus.REFUNDED,
      refundedAmount: 1500,
    });
    // What a refunded order has not shipped is no longer held: cached stock figures go.
    expect(await catalogueVersion(ctx.db)).toBeGreaterThan(catalogueBefore);
    const again = await refund(finance, o.id, { amount: 0.01, reason: '再退' });
    expect(body(again).msg).toBe('订单已全额退款');
  });
});

describe('partial refund of a bank-transfer order', () => {
  it('records the bank refund for finance to pay out; the balance is untouched', async () => {
    const o = await paidBankOrder();
    const before = await balanceOf(o.member.userId);
    const res = await refund(finance, o.id, { amount: 300, reason: '少发一瓶' });
    expect(body(res)).toMatchObject({ code: 0, data: { amount: 300, payType: 1 } });
    expect(await refundRows(o.id)).toEqual([
      { payType: PayType.BANK_TRANSFER, amount: 30_000, reason: '少发一瓶', staffId: finance.id },
    ]);
    expect(await balanceOf(o.member.userId)).toBe(before);
    expect(await refundLedger(o.member.userId)).toEqual([]);
    expect(await auditOf(o.id, 'order.refund')).toHaveLength(1);
    expect(await detail(o.id)).toMatchObject({ payStatus: PayStatus.PAID, refundedAmount: 300 });
    expect((await memberDetail(o.member, o.id)).refunds).toMatchObject([
      { amount: 300, reason: '少发一瓶' },
    ]);
    const [told] = await messagesOf(o.member.userId, 'order-refunded');
    expect(told?.content).toContain('款项将通过银行转账退回。');
  });
});

describe('cancel after partial refunds', () => {
  it('gives back only what is left of a balance order', async () => {
    const o = await placeOrder(PayType.BALANCE);
    const before = await balanceOf(o.member.userId);
    await refund(finance, o.id, { amount: 200, reason: '缺一瓶' });
    await refund(finance, o.id, { amount: 100.25, reason: '运费补偿' });
    const res = await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '客户要求' });
    expect(res.statusCode, res.body).toBe(200);

    expect(await balanceOf(o.member.userId)).toBe(before + 150_000);
    const ledger = await refundLedger(o.member.userId);
    expect(ledger.map((r) => r.amount)).toEqual([20_000, 10_025, 119_975]);
    expect(ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(150_000);
    expect(ledger.at(-1)?.balanceAfter).toBe(before + 150_000);
    const d = await detail(o.id);
    expect(d).toMatchObject({
      status: OrderStatus.CANCELLED,
      payStatus: PayStatus.REFUNDED,
      refundedAmount: 1500,
    });
    expect(d.refunds.map((r) => [r.amount, r.reason])).toEqual([
      [200, '缺一瓶'],
      [100.25, '运费补偿'],
      [1199.75, '客户要求'],
    ]);
    expect(d.payments.filter((p) => p.kind === 2).map((p) => p.amount)).toEqual([1199.75]);
    const [cancelAudit] = await auditOf(o.id, 'order.cancel');
    expect(JSON.parse(cancelAudit?.after ?? '{}')).toMatchObject({ refund: 1199.75 });
    // The member is told the amount the cancel gave back.
    const message = await ctx.db
      .selectFrom('memberMessages')
      .select('content')
      .where('userId', '=', o.member.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.content).toContain('已付款项 1199.75 元已退回您的账户余额');
  });

  it('records only the rest of a bank transfer as its bank refund', async () => {
    const o = await paidBankOrder();
    await refund(finance, o.id, { amount: 500, reason: '缺货' });
    expect(
      (await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '缺货取消' }))
        .statusCode,
    ).toBe(200);
    expect((await refundRows(o.id)).map((r) => r.amount)).toEqual([50_000, 100_000]);
    const d = await detail(o.id);
    expect(d.refundedAmount).toBe(1500);
    expect(d.payments.map((p) => [p.kind, p.amount])).toEqual([
      [1, 1500],
      [2, 1000],
    ]);
  });
});

describe('concurrent refunds', () => {
  it('two finance staff refunding at once never give back more than was paid', async () => {
    const o = await placeOrder(PayType.BALANCE);
    await shipAll(o.id);
    const before = await balanceOf(o.member.userId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refund(i % 2 ? finance : finance2, o.id, { amount: 600, reason: `并发${i}` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 400).map((r) => body(r).msg)).toEqual(
      Array(4).fill('退款金额超出可退金额'),
    );
    expect(await balanceOf(o.member.userId)).toBe(before + 120_000);
    const ledger = await refundLedger(o.member.userId);
    expect(ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(120_000);
    expect((await refundRows(o.id)).map((r) => r.amount)).toEqual([60_000, 60_000]);
    expect(await auditOf(o.id, 'order.refund')).toHaveLength(2);
    expect((await detail(o.id)).refundedAmount).toBe(1200);
  });

  it('a double click (one idempotency key) refunds once and answers both alike', async () => {
    const o = await paidBankOrder();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        refund(finance, o.id, { amount: 100, reason: '双击' }, `double-click-${o.id}`),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => body<{ id: number }>(r).data.id)).size).toBe(1);
    expect(await refundRows(o.id)).toHaveLength(1);
    expect(await auditOf(o.id, 'order.refund')).toHaveLength(1);
  });

  it('a refund racing the cancel: the member gets the paid amount back exactly once', async () => {
    const o = await placeOrder(PayType.BALANCE);
    const before = await balanceOf(o.member.userId);
    await Promise.all([
      refund(finance, o.id, { amount: 400, reason: '缺货' }),
      as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '取消' }),
    ]);
    expect(await balanceOf(o.member.userId)).toBe(before + 150_000);
    expect((await refundRows(o.id)).reduce((sum, r) => sum + r.amount, 0)).toBe(150_000);
  });
});
