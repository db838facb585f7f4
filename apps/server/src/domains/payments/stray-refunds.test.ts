import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { OrderDetail, PaymentHistory, PaymentStart } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import {
  startGatewayImitation,
  type GatewayImitation,
  type Notification,
} from '../../../test/gateways/imitation.ts';

/*
 * Money that paid nothing of its order (docs/payments.md, "Money that paid nothing"): a buyer who
 * scanned a WeChat code and then paid another way, or paid after the order closed. Staff give
 * it back through its gateway, once, without touching the order's own refunds.
 */

let gw: GatewayImitation;
let ctx: TestContext;
let finance: StaffMember;
let operator: StaffMember;

beforeAll(async () => {
  gw = await startGatewayImitation({ notifyBaseUrl: 'https://shop.example.com' });
  ctx = await createTestContext(gw.env);
  finance = await createStaff(ctx.db, ['finance'], '财务丙');
  operator = await createStaff(ctx.db, ['operator'], '运营丙');
});
afterAll(async () => {
  await ctx.close();
  await gw.close();
});

let keySeq = 0;
const staffCall = (staff: StaffMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...auth(staff), 'idempotency-key': `stray-refund-test-${++keySeq}` },
    ...(payload ? { payload } : {}),
  });
const history = async (orderId: number) =>
  body<PaymentHistory>(await staffCall(finance, 'GET', `/manage/v1/orders/${orderId}/payments`))
    .data;
const refundStray = (orderId: number, transactionId: number, staff = finance) =>
  staffCall(staff, 'POST', `/manage/v1/orders/${orderId}/payments/${transactionId}/refund`, {
    reason: '重复付款，原路退回',
  });
const orderRow = (id: number) =>
  ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const deliver = (path: string, n: Notification) =>
  ctx.app.inject({ method: 'POST', url: path, headers: n.headers, payload: n.body });
const pay = (m: Member, orderId: number, payType: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/client/v1/user/orders/${orderId}/payment`,
    headers: auth(m),
    payload: { payType, device: 'pc' },
  });

/** A member's priced order of ¥300.00 of goods and ¥20.00 freight, not paid yet. */
async function unpaidOrder() {
  const m = await createMember(ctx, { balanceFen: 1_000_000 });
  const pack = await insertPack(ctx.db, 10_000, { pack: '100mL' });
  const line = await insertCartLine(ctx.db, m.userId, pack, 3);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(m),
    payload: orderBody([line], { payType: PayType.WECHAT }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id, number } = body<{ order: OrderDetail }>(res).data.order;
  return { m, id, number };
}

/** The buyer opens a WeChat code, then pays by balance, then pays the code too. */
async function paidTwice() {
  const o = await unpaidOrder();
  expect((await pay(o.m, o.id, PayType.WECHAT)).statusCode).toBe(200);
  expect((await pay(o.m, o.id, PayType.BALANCE)).statusCode).toBe(200);
  gw.wechat.pay(o.number);
  const late = await deliver(
    '/client/v1/payments/wechat/notify',
    gw.wechat.paymentNotification(o.number),
  );
  expect(late.statusCode).toBe(204);
  const [tx] = (await history(o.id)).transactions;
  if (!tx) throw new Error('no WeChat payment');
  return { ...o, tx };
}

describe('a payment whose money paid nothing of its order', () => {
  it('is refunded in full through its gateway, once, and the order stays as it is', async () => {
    const o = await paidTwice();
    expect(await orderRow(o.id)).toMatchObject({
      payStatus: PayStatus.PAID,
      payType: PayType.BALANCE,
    });
    expect(o.tx).toMatchObject({ state: 'paid', amount: 320, refundable: true });

    const res = await refundStray(o.id, o.tx.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({
      msg: '退款已提交',
      data: { amount: 320, state: 'pending', stray: true, reason: '重复付款，原路退回' },
    });
    const refundNo = body<{ outRefundNo: string }>(res).data.outRefundNo;
    expect(gw.wechat.refunds.get(refundNo)).toMatchObject({ outTradeNo: o.number, amount: 32_000 });
    const done = await deliver(
      '/client/v1/payments/wechat/notify',
      gw.wechat.refundNotification(refundNo),
    );
    expect(done.statusCode).toBe(204);

    // The balance paid the order: it stays paid, and its own refunds hold nothing.
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID, refundedAmount: 0 });
    const seen = body<OrderDetail>(
      await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders/${o.id}`,
        headers: auth(o.m),
      }),
    ).data;
    expect(seen).toMatchObject({ refunds: [], refundedAmount: 0 });
    const after = await history(o.id);
    expect(after.transactions[0]?.refundable).toBe(false);
    expect(after.refunds).toEqual([
      expect.objectContaining({ outRefundNo: refundNo, state: 'success', stray: true }),
    ]);

    // Asked again: refused, nothing more goes to the gateway.
    const again = await refundStray(o.id, o.tx.id);
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe('该笔付款已退款');
    expect([...gw.wechat.refunds.values()].filter((r) => r.outTradeNo === o.number)).toHaveLength(
      1,
    );

    // Audited, and the member told where the money goes (the WeChat payment, not the balance).
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select(['action', 'after'])
      .where('target', '=', `order:${o.id}`)
      .where('action', '=', 'order.refund')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      refundNo,
      amount: 320,
      payment: o.number,
    });
    const told = await ctx.db
      .selectFrom('memberMessages')
      .select('content')
      .where('userId', '=', o.m.userId)
      .where('event', '=', 'order-refunded')
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]?.content).toContain('已退款 ¥320.00');
    expect(told[0]?.content).toContain('款项将原路退回您的支付账户。');
  });

  it('two staff refunding it at once give it back once', async () => {
    const o = await paidTwice();
    const answers = await Promise.all([refundStray(o.id, o.tx.id), refundStray(o.id, o.tx.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.map((a) => body(a).msg)).toContain('该笔付款已退款');
    const rows = await ctx.db
      .selectFrom('paymentRefunds')
      .select(['amount', 'stray'])
      .where('orderId', '=', o.id)
      .execute();
    expect(rows).toEqual([{ amount: 32_000, stray: 1 }]);
  });

  it('never counts against the refunds of the trade that paid the order', async () => {
    // WeChat's code is opened, then the order is paid with Alipay; the WeChat money comes late.
    const o = await unpaidOrder();
    expect((await pay(o.m, o.id, PayType.WECHAT)).statusCode).toBe(200);
    const alipayStart = await pay(o.m, o.id, PayType.ALIPAY);
    expect(alipayStart.statusCode).toBe(200);
    // The buyer's browser opens the signed gateway page, which opens the trade there.
    const page = await fetch(body<PaymentStart>(alipayStart).data.redirectUrl ?? '');
    expect(page.status).toBe(200);
    gw.alipay.pay(o.number);
    const paid = await deliver(
      '/client/v1/payments/alipay/notify',
      gw.alipay.notification(o.number),
    );
    expect(paid.body).toBe('success');
    gw.wechat.pay(o.number);
    await deliver('/client/v1/payments/wechat/notify', gw.wechat.paymentNotification(o.number));
    const { transactions } = await history(o.id);
    const wechat = transactions.find((t) => t.payType === PayType.WECHAT);
    const alipay = transactions.find((t) => t.payType === PayType.ALIPAY);
    // Both trades carry the order's number: only the WeChat one paid nothing.
    expect([wechat?.refundable, alipay?.refundable]).toEqual([true, false]);
    expect(body(await refundStray(o.id, alipay?.id ?? 0)).msg).toBe(
      '该笔付款已用于支付订单，请使用订单退款',
    );

    const stray = await refundStray(o.id, wechat?.id ?? 0);
    expect(stray.statusCode, stray.body).toBe(200);
    const refundNo = body<{ outRefundNo: string }>(stray).data.outRefundNo;
    await deliver('/client/v1/payments/wechat/notify', gw.wechat.refundNotification(refundNo));
    // A refund as large as the order's amount, but of money that paid nothing: still paid.
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });

    // The order's own refund may still give back all that Alipay collected (once it shipped:
    // unshipped, it goes back in full only with a cancel).
    await ctx.db
      .updateTable('orders')
      .set({ status: OrderStatus.SHIPPING })
      .where('id', '=', o.id)
      .execute();
    const whole = await staffCall(finance, 'POST', `/manage/v1/orders/${o.id}/refunds`, {
      reason: '客户取消采购',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(body(whole)).toMatchObject({ data: { amount: 320, state: 'success', stray: false } });
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.REFUNDED });
  });

  it('refuses what is not such a payment, and staff without the refunds permission', async () => {
    const o = await unpaidOrder();
    expect((await pay(o.m, o.id, PayType.WECHAT)).statusCode).toBe(200);
    const [open] = (await history(o.id)).transactions;
    expect(body(await refundStray(o.id, open?.id ?? 0)).msg).toBe('该笔付款未到账，无需退款');
    const other = await paidTwice();
    const elsewhere = await refundStray(o.id, other.tx.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(body(elsewhere).msg).toBe('付款记录不存在');
    expect((await refundStray(other.id, other.tx.id, operator)).statusCode).toBe(403);
    const noReason = await staffCall(
      finance,
      'POST',
      `/manage/v1/orders/${other.id}/payments/${other.tx.id}/refund`,
      { reason: '  ' },
    );
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).msg).toBe('请输入退款原因');
    expect(
      await ctx.db
        .selectFrom('paymentRefunds')
        .select('id')
        .where('orderId', 'in', [o.id, other.id])
        .execute(),
    ).toEqual([]);
  });
});
