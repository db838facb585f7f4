import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { OrderDetail, PaymentStart } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import {
  startGatewayImitation,
  type GatewayImitation,
  type Notification,
} from '../../../test/gateways/imitation.ts';
import { closeTimedOutOrders } from '../../workflows/cancel-order.ts';
import { queryPendingRefunds } from './refunds.service.ts';
import { refundOrderPayment } from '../../workflows/refund.ts';

/*
 * What the gateways answer (docs/payments.md, "Gateway answers"): only a signed answer changes
 * anything; a refund ends only on a definite refusal, otherwise it stays reserved and goes again
 * under the same number; a trade that never reached the gateway closes; notifications naming
 * another merchant or seller are refused.
 */

let gw: GatewayImitation;
let ctx: TestContext;
let finance: StaffMember;

beforeAll(async () => {
  gw = await startGatewayImitation({ notifyBaseUrl: 'https://shop.example.com' });
  ctx = await createTestContext(gw.env);
  finance = await createStaff(ctx.db, ['finance'], '财务丁');
});
afterAll(async () => {
  await ctx.close();
  await gw.close();
});
afterEach(() => {
  gw.faults.wechatUnsigned = false;
  gw.faults.wechatRefundErrors = [];
  gw.faults.alipayUnsigned = false;
  gw.faults.alipayRefundErrors = [];
});

const cfg = () => ctx.config.payments;
const orderRow = (id: number) =>
  ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const txState = async (orderId: number) =>
  (
    await ctx.db
      .selectFrom('paymentTransactions')
      .select('state')
      .where('orderId', '=', orderId)
      .executeTakeFirstOrThrow()
  ).state;
const recordsOf = (id: number, kind: string) =>
  ctx.db
    .selectFrom('paymentRecords')
    .select(['verified', 'outcome'])
    .where('orderId', '=', id)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
const refundsOf = (id: number) =>
  ctx.db.selectFrom('paymentRefunds').selectAll().where('orderId', '=', id).orderBy('id').execute();
const deliver = (gateway: 'wechat' | 'alipay', n: Notification) =>
  ctx.app.inject({
    method: 'POST',
    url: `/client/v1/payments/${gateway}/notify`,
    headers: n.headers,
    payload: n.body,
  });
let keySeq = 0;
const staffRefund = (orderId: number, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/orders/${orderId}/refunds`,
    headers: { ...auth(finance), 'idempotency-key': `gateway-answers-${++keySeq}` },
    payload,
  });
/** The order went out: from now on it may be refunded in full without a cancel. */
const ship = (id: number) =>
  ctx.db.updateTable('orders').set({ status: OrderStatus.SHIPPING }).where('id', '=', id).execute();
/** The order's deadline has passed. */
const timeOut = (id: number) =>
  ctx.db
    .updateTable('orders')
    .set({ createdAt: Date.now() - cfg().onlineTimeoutMs - 1000 })
    .where('id', '=', id)
    .execute();

/** An unpaid order of ¥1,000 whose payment was started with `payType`. */
async function started(payType: number) {
  const m = await createMember(ctx);
  const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 100_000));
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(m),
    payload: orderBody([line], { payType }),
  });
  const order = body<{ order: OrderDetail }>(created).data.order;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/client/v1/user/orders/${order.id}/payment`,
    headers: auth(m),
    payload: { payType, device: 'pc' },
  });
  expect(res.statusCode, res.body).toBe(200);
  if (payType === PayType.ALIPAY) {
    // The buyer's browser opens the signed page, which opens the trade at Alipay.
    const page = await fetch(body<PaymentStart>(res).data.redirectUrl ?? '');
    expect(page.status).toBe(200);
  }
  return { m, id: order.id, number: order.number };
}

async function paid(payType: number) {
  const o = await started(payType);
  if (payType === PayType.WECHAT) {
    gw.wechat.pay(o.number);
    expect((await deliver('wechat', gw.wechat.paymentNotification(o.number))).statusCode).toBe(204);
  } else {
    gw.alipay.pay(o.number);
    expect((await deliver('alipay', gw.alipay.notification(o.number))).body).toBe('success');
  }
  expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });
  return o;
}

describe('closing an unpaid order at the gateway', () => {
  it('an unsigned WeChat close answer closes nothing; a signed one then closes the order', async () => {
    const o = await started(PayType.WECHAT);
    await timeOut(o.id);
    gw.faults.wechatUnsigned = true;
    await closeTimedOutOrders(ctx.db, cfg());
    expect(await orderRow(o.id)).toMatchObject({
      status: OrderStatus.PENDING,
      payStatus: PayStatus.UNPAID,
    });
    expect(await txState(o.id)).toBe('open');
    expect(await recordsOf(o.id, 'close')).toEqual([{ verified: 0, outcome: 'unverified_204' }]);

    gw.faults.wechatUnsigned = false;
    await closeTimedOutOrders(ctx.db, cfg());
    expect(await orderRow(o.id)).toMatchObject({ status: OrderStatus.CANCELLED });
    expect(await txState(o.id)).toBe('closed');
  });

  it('an unsigned Alipay close answer closes nothing', async () => {
    const o = await started(PayType.ALIPAY);
    await timeOut(o.id);
    gw.faults.alipayUnsigned = true;
    await closeTimedOutOrders(ctx.db, cfg());
    expect(await orderRow(o.id)).toMatchObject({ status: OrderStatus.PENDING });
    expect(await txState(o.id)).toBe('open');
    expect(await recordsOf(o.id, 'close')).toEqual([{ verified: 0, outcome: 'unverified' }]);
  });

  it('a WeChat trade whose prepay never reached WeChat Pay closes on a signed ORDER_NOT_EXIST', async () => {
    const o = await started(PayType.WECHAT);
    // The prepay's answer was lost on the way: WeChat Pay has no such trade.
    gw.wechat.trades.delete(o.number);
    await timeOut(o.id);

    gw.faults.wechatUnsigned = true;
    await closeTimedOutOrders(ctx.db, cfg());
    expect(await orderRow(o.id)).toMatchObject({ status: OrderStatus.PENDING });

    gw.faults.wechatUnsigned = false;
    await closeTimedOutOrders(ctx.db, cfg());
    expect(await orderRow(o.id)).toMatchObject({
      status: OrderStatus.CANCELLED,
      payStatus: PayStatus.UNPAID,
    });
    expect(await txState(o.id)).toBe('closed');
    expect(await recordsOf(o.id, 'query')).toEqual([
      { verified: 0, outcome: 'unverified_404' },
      { verified: 1, outcome: 'ORDER_NOT_EXIST' },
    ]);
    expect((await recordsOf(o.id, 'close')).at(-1)).toEqual({ verified: 1, outcome: 'closed' });
  });
});

describe('paying and refunding on unsigned answers', () => {
  it('an unsigned WeChat query answer pays nothing and an unsigned refund answer keeps the refund reserved', async () => {
    const o = await started(PayType.WECHAT);
    gw.wechat.pay(o.number);
    gw.faults.wechatUnsigned = true;
    const back = await ctx.app.inject({
      method: 'POST',
      url: `/client/v1/user/orders/${o.id}/payment/query`,
      headers: auth(o.m),
    });
    expect(body(back).data).toMatchObject({ payStatus: PayStatus.UNPAID });
    expect(await recordsOf(o.id, 'query')).toEqual([{ verified: 0, outcome: 'unverified_200' }]);

    gw.faults.wechatUnsigned = false;
    await ctx.app.inject({
      method: 'POST',
      url: `/client/v1/user/orders/${o.id}/payment/query`,
      headers: auth(o.m),
    });
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });

    gw.faults.wechatUnsigned = true;
    const r = await refundOrderPayment(ctx.db, cfg(), {
      orderId: o.id,
      amountFen: 10_000,
      reason: '部分退货',
      staffId: null,
    });
    expect(r.state).toBe('requested');
    gw.faults.wechatUnsigned = false;
    await queryPendingRefunds(ctx.db, cfg());
    expect((await refundsOf(o.id)).map((x) => [x.outRefundNo, x.state])).toEqual([
      [r.outRefundNo, 'pending'],
    ]);
  });
});

describe('Alipay refunds', () => {
  it('a retryable error keeps the refund reserved and retries it under the same number: the money goes back once', async () => {
    const o = await paid(PayType.ALIPAY);
    gw.faults.alipayRefundErrors = [
      { code: '40004', subCode: 'ACQ.SYSTEM_ERROR' },
      { code: '20000', subCode: 'isp.unknow-error' },
      { code: '502', subCode: '' },
    ];
    const first = await staffRefund(o.id, { amount: 300, reason: '部分退货' });
    expect(body(first)).toMatchObject({ code: 0, data: { state: 'requested', amount: 300 } });
    const [reserved] = await refundsOf(o.id);
    // Still reserved: the rest is ¥700, not ¥1,000.
    const tooMuch = await staffRefund(o.id, { amount: 700.01, reason: '超额' });
    expect(body(tooMuch).msg).toBe('退款金额超出可退金额');

    await queryPendingRefunds(ctx.db, cfg());
    await queryPendingRefunds(ctx.db, cfg());
    expect((await refundsOf(o.id)).map((r) => r.state)).toEqual(['requested']);
    await queryPendingRefunds(ctx.db, cfg());
    await queryPendingRefunds(ctx.db, cfg());

    const refunds = await refundsOf(o.id);
    expect(refunds.map((r) => [r.outRefundNo, r.amount, r.state])).toEqual([
      [reserved?.outRefundNo, 30_000, 'success'],
    ]);
    // Alipay saw one refund number, once, for ¥300.
    const atAlipay = [...gw.alipay.refunds.values()].filter((r) => r.outTradeNo === o.number);
    expect(atAlipay).toEqual([
      { outTradeNo: o.number, outRequestNo: reserved?.outRefundNo, amountText: '300.00' },
    ]);
    expect((await recordsOf(o.id, 'refund')).map((r) => [r.verified, r.outcome])).toEqual([
      [1, 'ACQ.SYSTEM_ERROR'],
      [1, 'isp.unknow-error'],
      [0, 'unverified'],
      [1, 'Y'],
    ]);
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });
  });

  it('an unsigned refund answer changes nothing: the refund stays reserved', async () => {
    const o = await paid(PayType.ALIPAY);
    gw.faults.alipayUnsigned = true;
    const r = await refundOrderPayment(ctx.db, cfg(), {
      orderId: o.id,
      amountFen: 10_000,
      reason: '部分退货',
      staffId: null,
    });
    expect(r.state).toBe('requested');
    gw.faults.alipayUnsigned = false;
    // Alipay had refunded it: the same number again moves no money (fund_change N) ...
    await queryPendingRefunds(ctx.db, cfg());
    expect((await refundsOf(o.id)).map((x) => [x.outRefundNo, x.state])).toEqual([
      [r.outRefundNo, 'pending'],
    ]);
    // ... and the refund query says it is done.
    await ctx.db
      .updateTable('paymentRefunds')
      .set({ createdAt: Date.now() - 120_000 })
      .where('orderId', '=', o.id)
      .execute();
    await queryPendingRefunds(ctx.db, cfg());
    expect((await refundsOf(o.id)).map((x) => x.state)).toEqual(['success']);
    expect([...gw.alipay.refunds.values()].filter((x) => x.outTradeNo === o.number)).toEqual([
      { outTradeNo: o.number, outRequestNo: r.outRefundNo, amountText: '100.00' },
    ]);
    expect((await recordsOf(o.id, 'refund')).map((x) => [x.verified, x.outcome])).toEqual([
      [0, 'unverified'],
      [1, 'N'],
    ]);
  });

  it('a definite refusal fails the refund and frees its amount for a new one', async () => {
    const o = await paid(PayType.ALIPAY);
    await ship(o.id);
    gw.faults.alipayRefundErrors = [{ code: '40004', subCode: 'ACQ.TRADE_NOT_ALLOW_REFUND' }];
    const refused = await staffRefund(o.id, { reason: '退货' });
    expect(body(refused)).toMatchObject({ code: 0, data: { state: 'failed', amount: 1000 } });
    const again = await staffRefund(o.id, { reason: '退货' });
    expect(body(again)).toMatchObject({ code: 0, data: { state: 'success', amount: 1000 } });
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.REFUNDED });
  });
});

describe('WeChat refunds', () => {
  it('SYSTEM_ERROR and FREQUENCY_LIMITED keep the refund reserved; it goes again under the same number', async () => {
    const o = await paid(PayType.WECHAT);
    gw.faults.wechatRefundErrors = [
      { status: 500, code: 'SYSTEM_ERROR' },
      { status: 429, code: 'FREQUENCY_LIMITED' },
    ];
    const r = await refundOrderPayment(ctx.db, cfg(), {
      orderId: o.id,
      amountFen: 20_000,
      reason: '部分退货',
      staffId: null,
    });
    expect(r.state).toBe('requested');
    await queryPendingRefunds(ctx.db, cfg());
    expect((await refundsOf(o.id)).map((x) => x.state)).toEqual(['requested']);
    await queryPendingRefunds(ctx.db, cfg());
    expect((await refundsOf(o.id)).map((x) => [x.outRefundNo, x.state])).toEqual([
      [r.outRefundNo, 'pending'],
    ]);
    expect(gw.wechat.refunds.get(r.outRefundNo)?.amount).toBe(20_000);
    expect((await recordsOf(o.id, 'refund')).map((x) => x.outcome)).toEqual([
      'failed_500_SYSTEM_ERROR',
      'failed_429_FREQUENCY_LIMITED',
      'PROCESSING',
    ]);
  });

  it('a definite refusal (INVALID_REQUEST) fails the refund and frees its amount', async () => {
    const o = await paid(PayType.WECHAT);
    gw.faults.wechatRefundErrors = [{ status: 400, code: 'INVALID_REQUEST' }];
    const r = await refundOrderPayment(ctx.db, cfg(), {
      orderId: o.id,
      amountFen: 20_000,
      reason: '部分退货',
      staffId: null,
    });
    expect(r.state).toBe('failed');
    const again = await refundOrderPayment(ctx.db, cfg(), {
      orderId: o.id,
      amountFen: 99_999,
      reason: '部分退货',
      staffId: null,
    });
    expect(again.state).toBe('pending');
  });

  it('a refund reported ABNORMAL stays reserved until WeChat Pay reports it done', async () => {
    const o = await paid(PayType.WECHAT);
    await ship(o.id);
    const r = await staffRefund(o.id, { reason: '退货' });
    expect(body(r)).toMatchObject({ code: 0, data: { state: 'pending', amount: 1000 } });
    const no = body<{ outRefundNo: string }>(r).data.outRefundNo;

    const abnormal = await deliver(
      'wechat',
      gw.wechat.refundNotification(no, { status: 'ABNORMAL' }),
    );
    expect(abnormal.statusCode).toBe(204);
    expect((await refundsOf(o.id)).map((x) => x.state)).toEqual(['pending']);
    expect(body(await staffRefund(o.id, { amount: 0.01, reason: '再退' })).msg).toBe(
      '退款金额超出可退金额',
    );
    // The scheduled query hears ABNORMAL too and leaves it reserved.
    await ctx.db
      .updateTable('paymentRefunds')
      .set({ createdAt: Date.now() - 120_000 })
      .where('orderId', '=', o.id)
      .execute();
    await queryPendingRefunds(ctx.db, cfg());
    expect((await refundsOf(o.id)).map((x) => x.state)).toEqual(['pending']);

    await deliver('wechat', gw.wechat.refundNotification(no));
    expect((await refundsOf(o.id)).map((x) => x.state)).toEqual(['success']);
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.REFUNDED });
  });

  it('an unshipped order is refunded in full only by its cancel, as for every pay type', async () => {
    const o = await paid(PayType.WECHAT);
    const all = await staffRefund(o.id, { reason: '退货' });
    expect(all.statusCode).toBe(400);
    expect(body(all).msg).toBe('尚未发货的订单全额退款请取消订单');
    expect(body(await staffRefund(o.id, { amount: 999.99, reason: '部分' }))).toMatchObject({
      code: 0,
    });
    const rest = await staffRefund(o.id, { amount: 0.01, reason: '余下' });
    expect(body(rest).msg).toBe('尚未发货的订单全额退款请取消订单');
    expect((await refundsOf(o.id)).map((x) => x.amount)).toEqual([99_999]);
  });
});

describe('notifications naming another merchant', () => {
  it('a WeChat refund notification of another mchid is refused and changes nothing', async () => {
    const o = await paid(PayType.WECHAT);
    await ship(o.id);
    const r = await refundOrderPayment(ctx.db, cfg(), { orderId: o.id, reason: '', staffId: null });
    const foreign = await deliver(
      'wechat',
      gw.wechat.refundNotification(r.outRefundNo, { mchid: '1900000999' }),
    );
    expect(foreign.statusCode).toBe(400);
    expect((await refundsOf(o.id)).map((x) => x.state)).toEqual(['pending']);
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });
    const recorded = await ctx.db
      .selectFrom('paymentRecords')
      .select('outcome')
      .where('outTradeNo', '=', o.number)
      .where('orderId', 'is', null)
      .execute();
    expect(recorded).toEqual([{ outcome: 'wrong_merchant' }]);
  });

  it('an Alipay notification of another seller or app pays nothing', async () => {
    const o = await started(PayType.ALIPAY);
    gw.alipay.pay(o.number);
    const seller = await deliver(
      'alipay',
      gw.alipay.notification(o.number, { seller_id: '2088999' }),
    );
    expect(seller.body).toBe('failure');
    const app = await deliver('alipay', gw.alipay.notification(o.number, { app_id: '2021999' }));
    expect(app.body).toBe('failure');
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.UNPAID });
    expect((await deliver('alipay', gw.alipay.notification(o.number))).body).toBe('success');
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });
  });
});
