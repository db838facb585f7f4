import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceBusiness, OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { OrderDetail, PaymentInfo, PaymentStart } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import {
  startGatewayImitation,
  type GatewayImitation,
  type Notification,
} from '../../../test/gateways/imitation.ts';
import { claimRun, runDueJobs } from '../../lib/jobs.ts';
import { createStaff } from '../../../test/fixtures/manage.ts';
import { queryOpenPayments } from './open-payments.service.ts';
import { closeTimedOutOrders } from '../../workflows/cancel-order.ts';
import { queryPendingRefunds } from './refunds.service.ts';
import { refundOrderPayment } from '../../workflows/refund.ts';

describe('online payment', () => {
  let gw: GatewayImitation;
  let ctx: TestContext;

  beforeAll(async () => {
    gw = await startGatewayImitation({ notifyBaseUrl: 'https://shop.example.com' });
    ctx = await createTestContext(gw.env);
  });
  afterAll(async () => {
    await ctx.close();
    await gw.close();
  });

  const cfg = () => ctx.config.payments;

  /** A member with one unpaid order of ¥1,000 (no freight) to pay with `payType`. */
  async function unpaidOrder(
    payType: number = PayType.BANK_TRANSFER,
    priceFen: number | null = 100_000,
  ) {
    const m = await createMember(ctx, { balanceFen: 500_000 });
    const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, priceFen));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody([line], { payType }),
    });
    expect(res.statusCode).toBe(200);
    const order = body<{ order: OrderDetail }>(res).data.order;
    return { m, id: order.id, number: order.number };
  }

  const pay = (m: Member, id: number, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/client/v1/user/orders/${id}/payment`,
      headers: auth(m),
      payload,
    });
  const orderRow = (id: number) =>
    ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The order went out: from now on it may be refunded in full without a cancel. */
  const ship = (id: number) =>
    ctx.db
      .updateTable('orders')
      .set({ status: OrderStatus.SHIPPING })
      .where('id', '=', id)
      .execute();
  const recordsOf = (id: number) =>
    ctx.db
      .selectFrom('paymentRecords')
      .selectAll()
      .where('orderId', '=', id)
      .orderBy('id')
      .execute();
  const notifyWechat = (n: Notification) =>
    ctx.app.inject({
      method: 'POST',
      url: '/client/v1/payments/wechat/notify',
      headers: n.headers,
      payload: n.body,
    });
  const notifyAlipay = (n: Notification) =>
    ctx.app.inject({
      method: 'POST',
      url: '/client/v1/payments/alipay/notify',
      headers: n.headers,
      payload: n.body,
    });

  async function startWechat(device: 'pc' | 'mobile' = 'pc') {
    const o = await unpaidOrder(PayType.WECHAT);
    const res = await pay(o.m, o.id, { payType: PayType.WECHAT, device });
    expect(res.statusCode).toBe(200);
    return { ...o, start: body<PaymentStart>(res).data };
  }

  it('offers the configured gateways', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/payments/methods' });
    expect(body(res).data).toEqual({ payTypes: [1, 2, 3, 4] });
  });

  it('refuses garbage at the notification endpoints without touching any order', async () => {
    const before = await ctx.db.selectFrom('orders').selectAll().orderBy('id').execute();
    const garbage: [string, string][] = [
      ['application/json', ''],
      ['application/json', '{"event_type":'],
      ['application/json', '{"__proto__":{"x":1},"resource":{}}'],
      ['application/x-www-form-urlencoded', 'a=1&b=%ZZ'],
      ['text/plain', 'hello'],
    ];
    for (const [type, payload] of garbage) {
      for (const gateway of ['wechat', 'alipay']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/client/v1/payments/${gateway}/notify`,
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${gateway} ${payload}`).toBe(gateway === 'wechat' ? 400 : 200);
        if (gateway === 'alipay') expect(res.body).toBe('failure');
        else expect(JSON.parse(res.body)).toEqual({ code: 'FAIL', message: '失败' });
      }
    }
    expect(await ctx.db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(before);
  });

  describe('WeChat Pay', () => {
    it('pays an order: Native code, signed notification, paid once', async () => {
      const o = await startWechat();
      expect(o.start.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(o.start).toMatchObject({ payType: 2, amount: 1000, redirectUrl: null, paid: false });
      expect(gw.wechat.trades.get(o.number)).toMatchObject({ amount: 100_000, channel: 'native' });

      gw.wechat.pay(o.number);
      const res = await notifyWechat(gw.wechat.paymentNotification(o.number));
      expect(res.statusCode).toBe(204);
      expect(await orderRow(o.id)).toMatchObject({
        payStatus: PayStatus.PAID,
        status: OrderStatus.AWAITING_SHIPMENT,
        payType: PayType.WECHAT,
      });
      const kinds = (await recordsOf(o.id)).map((r) => [r.kind, r.verified, r.outcome]);
      expect(kinds).toEqual([
        ['prepay', 1, 'native'],
        ['notify', 1, 'paid'],
      ]);
    });

    it('answers an H5 link on phones', async () => {
      const o = await startWechat('mobile');
      expect(o.start.codeUrl).toBeNull();
      expect(o.start.redirectUrl).toContain(`${gw.url}/wechat/h5`);
      expect(gw.wechat.trades.get(o.number)?.channel).toBe('h5');
    });

    it('changes nothing for a forged signature, a wrong amount or an unknown order', async () => {
      const o = await startWechat();
      gw.wechat.pay(o.number);

      const forged = await notifyWechat(
        gw.wechat.paymentNotification(o.number, { signWith: gw.forgerKey }),
      );
      expect(forged.statusCode).toBe(400);
      const tampered = gw.wechat.paymentNotification(o.number);
      const altered = await notifyWechat({
        ...tampered,
        body: tampered.body.replace(
          '"event_type":"TRANSACTION.SUCCESS"',
          '"event_type":"TRANSACTION.SUCCESS" ',
        ),
      });
      expect(altered.statusCode).toBe(400);
      const wrongAmount = await notifyWechat(
        gw.wechat.paymentNotification(o.number, { amount: 1 }),
      );
      expect(wrongAmount.statusCode).toBe(400);
      const unknown = await notifyWechat(
        gw.wechat.strangerNotification('20990101000000999999', 100_000),
      );
      expect(unknown.statusCode).toBe(400);

      expect(await orderRow(o.id)).toMatchObject({
        payStatus: PayStatus.UNPAID,
        status: OrderStatus.PENDING,
      });
      const outcomes = (await recordsOf(o.id)).map((r) => r.outcome);
      expect(outcomes).toEqual(['native', 'amount_mismatch']);
      const unverified = await ctx.db
        .selectFrom('paymentRecords')
        .select(['outcome', 'verified'])
        .where('orderId', 'is', null)
        .where('outcome', '=', 'bad_signature')
        .execute();
      expect(unverified.length).toBeGreaterThanOrEqual(2);
      expect(unverified.every((r) => r.verified === 0)).toBe(true);
    });

    it('changes nothing more for a replayed notification', async () => {
      const o = await startWechat();
      gw.wechat.pay(o.number);
      const note = gw.wechat.paymentNotification(o.number);
      expect((await notifyWechat(note)).statusCode).toBe(204);
      const paid = await orderRow(o.id);
      expect((await notifyWechat(note)).statusCode).toBe(204);
      expect(await orderRow(o.id)).toEqual(paid);
      expect((await recordsOf(o.id)).map((r) => r.outcome)).toEqual([
        'native',
        'paid',
        'duplicate',
      ]);
    });

    it('marks one payment under 20 concurrent duplicate notifications', async () => {
      const o = await startWechat();
      gw.wechat.pay(o.number);
      const notes = Array.from({ length: 20 }, () => gw.wechat.paymentNotification(o.number));
      const answers = await Promise.all(notes.map(notifyWechat));
      expect(answers.every((a) => a.statusCode === 204)).toBe(true);
      const outcomes = (await recordsOf(o.id))
        .filter((r) => r.kind === 'notify')
        .map((r) => r.outcome);
      expect(outcomes.filter((x) => x === 'paid')).toHaveLength(1);
      expect(outcomes.filter((x) => x === 'duplicate')).toHaveLength(19);
      expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });
    });

    it('finds a payment whose notification never came by asking the gateway', async () => {
      const o = await startWechat();
      const before = await ctx.app.inject({
        method: 'POST',
        url: `/client/v1/user/orders/${o.id}/payment/query`,
        headers: auth(o.m),
      });
      expect(body(before).data).toEqual({
        payStatus: PayStatus.UNPAID,
        status: OrderStatus.PENDING,
      });
      gw.wechat.pay(o.number);
      const after = await ctx.app.inject({
        method: 'POST',
        url: `/client/v1/user/orders/${o.id}/payment/query`,
        headers: auth(o.m),
      });
      expect(body(after).data).toEqual({
        payStatus: PayStatus.PAID,
        status: OrderStatus.AWAITING_SHIPMENT,
      });
      expect((await recordsOf(o.id)).map((r) => [r.kind, r.outcome])).toEqual([
        ['prepay', 'native'],
        ['query', 'NOTPAY'],
        ['query', 'paid'],
      ]);
    });

    it('scheduled query pays an order whose notification is late', async () => {
      const o = await startWechat();
      gw.wechat.pay(o.number);
      await ctx.db
        .updateTable('paymentTransactions')
        .set({ updatedAt: Date.now() - 120_000 })
        .where('orderId', '=', o.id)
        .execute();
      await queryOpenPayments(ctx.db, cfg());
      expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });
    });

    it('closes a timed-out order at the gateway and in the shop; a paid one is paid instead', async () => {
      const stale = await startWechat();
      const paidLate = await startWechat();
      gw.wechat.pay(paidLate.number);
      const old = Date.now() - cfg().onlineTimeoutMs - 1000;
      await ctx.db
        .updateTable('orders')
        .set({ createdAt: old })
        .where('id', 'in', [stale.id, paidLate.id])
        .execute();
      await closeTimedOutOrders(ctx.db, cfg());
      expect(await orderRow(stale.id)).toMatchObject({
        status: OrderStatus.CANCELLED,
        payStatus: PayStatus.UNPAID,
      });
      expect(gw.wechat.trades.get(stale.number)?.state).toBe('CLOSED');
      expect(await orderRow(paidLate.id)).toMatchObject({
        status: OrderStatus.AWAITING_SHIPMENT,
        payStatus: PayStatus.PAID,
      });

      const again = await pay(stale.m, stale.id, { payType: PayType.WECHAT });
      expect(again.statusCode).toBe(400);
      expect(body(again).msg).toBe('订单已关闭，无法支付');
    });

    it('refunds in part and in full through the gateway, completed by the refund notification', async () => {
      const o = await startWechat();
      gw.wechat.pay(o.number);
      await notifyWechat(gw.wechat.paymentNotification(o.number));

      const part = await refundOrderPayment(ctx.db, cfg(), {
        orderId: o.id,
        amountFen: 30_000,
        reason: '部分退货',
        staffId: null,
      });
      expect(part).toMatchObject({ state: 'pending', amount: 30_000 });
      await expect(
        refundOrderPayment(ctx.db, cfg(), {
          orderId: o.id,
          amountFen: 70_001,
          reason: '',
          staffId: null,
        }),
      ).rejects.toThrow('退款金额超出可退金额');
      expect((await notifyWechat(gw.wechat.refundNotification(part.outRefundNo))).statusCode).toBe(
        204,
      );
      expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID });

      // Unshipped, the rest goes back only with a cancel, as for every pay type.
      await expect(
        refundOrderPayment(ctx.db, cfg(), { orderId: o.id, reason: '', staffId: null }),
      ).rejects.toThrow('尚未发货的订单全额退款请取消订单');
      await ship(o.id);
      const rest = await refundOrderPayment(ctx.db, cfg(), {
        orderId: o.id,
        reason: '取消订单',
        staffId: null,
      });
      expect(rest.amount).toBe(70_000);
      await notifyWechat(gw.wechat.refundNotification(rest.outRefundNo));
      // A replayed refund notification changes nothing more.
      await notifyWechat(gw.wechat.refundNotification(rest.outRefundNo));
      expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.REFUNDED });
      const refunds = await ctx.db
        .selectFrom('paymentRefunds')
        .selectAll()
        .where('orderId', '=', o.id)
        .execute();
      expect(refunds.map((r) => [r.amount, r.state])).toEqual([
        [30_000, 'success'],
        [70_000, 'success'],
      ]);
      const info = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders/${o.id}/payment`,
        headers: auth(o.m),
      });
      expect(body<PaymentInfo>(info).data).toMatchObject({
        refundedAmount: 1000,
        refundPending: false,
        deadline: null,
      });
    });

    it('completes a refund by querying when its notification is missing', async () => {
      const o = await startWechat();
      gw.wechat.pay(o.number);
      await notifyWechat(gw.wechat.paymentNotification(o.number));
      await ship(o.id);
      const r = await refundOrderPayment(ctx.db, cfg(), {
        orderId: o.id,
        reason: '',
        staffId: null,
      });
      const refund = gw.wechat.refunds.get(r.outRefundNo);
      if (refund) refund.status = 'SUCCESS';
      await ctx.db
        .updateTable('paymentRefunds')
        .set({ createdAt: Date.now() - 120_000 })
        .where('id', '=', r.id)
        .execute();
      await queryPendingRefunds(ctx.db, cfg());
      expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.REFUNDED });
    });
  });

  describe('staff refunds', () => {
    async function paidWechat() {
      const o = await startWechat();
      gw.wechat.pay(o.number);
      await notifyWechat(gw.wechat.paymentNotification(o.number));
      return o;
    }
    const asStaff = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url,
        headers: { authorization: token },
        ...(payload ? { payload } : {}),
      });

    it('refunds in part through the refund route with its audit row; only the refunds permission may', async () => {
      const o = await paidWechat();
      const finance = await createStaff(ctx.db, ['finance']);
      const operator = await createStaff(ctx.db, ['operator']);
      const denied = await asStaff(operator.token, 'POST', `/manage/v1/orders/${o.id}/refunds`, {
        amount: 100,
        reason: '部分退款',
      });
      expect(denied.statusCode).toBe(403);

      const res = await asStaff(finance.token, 'POST', `/manage/v1/orders/${o.id}/refunds`, {
        amount: 100,
        reason: '部分退款',
      });
      expect(body(res)).toMatchObject({
        code: 0,
        data: { amount: 100, state: 'pending', staffId: finance.id },
      });
      const audit = await ctx.db
        .selectFrom('auditLogs')
        .selectAll()
        .where('action', '=', 'order.refund')
        .where('target', '=', `order:${o.id}`)
        .execute();
      expect(audit).toHaveLength(1);
      const tooMuch = await asStaff(finance.token, 'POST', `/manage/v1/orders/${o.id}/refunds`, {
        amount: 900.01,
        reason: '超额',
      });
      expect(body(tooMuch).msg).toBe('退款金额超出可退金额');

      const history = await asStaff(operator.token, 'GET', `/manage/v1/orders/${o.id}/payments`);
      const h = body<{ transactions: unknown[]; records: { kind: string }[]; refunds: unknown[] }>(
        history,
      ).data;
      expect(h.transactions).toHaveLength(1);
      expect(h.refunds).toHaveLength(1);
      expect(h.records.map((r) => r.kind)).toEqual(['prepay', 'notify', 'refund']);
    });

    it("the console's cancel of a paid WeChat order refunds it through the gateway", async () => {
      const o = await paidWechat();
      const admin = await createStaff(ctx.db, ['admin']);
      const res = await asStaff(admin.token, 'POST', `/manage/v1/orders/${o.id}/cancel`, {
        reason: '客户要求',
      });
      expect(res.statusCode).toBe(200);
      const [refund] = await ctx.db
        .selectFrom('paymentRefunds')
        .selectAll()
        .where('orderId', '=', o.id)
        .execute();
      expect(refund).toMatchObject({ amount: 100_000, state: 'pending' });
      expect(gw.wechat.refunds.get(refund?.outRefundNo ?? '')?.amount).toBe(100_000);
      await notifyWechat(gw.wechat.refundNotification(refund?.outRefundNo ?? ''));
      expect(await orderRow(o.id)).toMatchObject({
        status: OrderStatus.CANCELLED,
        payStatus: PayStatus.REFUNDED,
      });
      const after = await ctx.db
        .selectFrom('paymentRefunds')
        .select('state')
        .where('orderId', '=', o.id)
        .execute();
      expect(after).toEqual([{ state: 'success' }]);
    });

    it('concurrent partial refunds of a WeChat order never exceed what it collected', async () => {
      const o = await paidWechat();
      const finance = await createStaff(ctx.db, ['finance']);
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          asStaff(finance.token, 'POST', `/manage/v1/orders/${o.id}/refunds`, {
            amount: 400,
            reason: `并发${i}`,
          }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
      const refunds = await ctx.db
        .selectFrom('paymentRefunds')
        .select('amount')
        .where('orderId', '=', o.id)
        .execute();
      expect(refunds.map((r) => r.amount)).toEqual([40_000, 40_000]);
    });

    it('the cancel of a WeChat order refunded in part sends the gateway only the rest', async () => {
      const o = await paidWechat();
      const admin = await createStaff(ctx.db, ['admin']);
      const part = await asStaff(admin.token, 'POST', `/manage/v1/orders/${o.id}/refunds`, {
        amount: 100,
        reason: '部分退款',
      });
      expect(part.statusCode, part.body).toBe(200);
      const res = await asStaff(admin.token, 'POST', `/manage/v1/orders/${o.id}/cancel`, {
        reason: '客户要求',
      });
      expect(res.statusCode, res.body).toBe(200);
      const refunds = await ctx.db
        .selectFrom('paymentRefunds')
        .select(['amount', 'outRefundNo'])
        .where('orderId', '=', o.id)
        .orderBy('id')
        .execute();
      expect(refunds.map((r) => r.amount)).toEqual([10_000, 90_000]);
      expect(gw.wechat.refunds.get(refunds[1]?.outRefundNo ?? '')?.amount).toBe(90_000);
    });
  });

  describe('Alipay', () => {
    async function startAlipay(device: 'pc' | 'mobile' = 'pc') {
      const o = await unpaidOrder(PayType.ALIPAY);
      const res = await pay(o.m, o.id, { payType: PayType.ALIPAY, device });
      expect(res.statusCode).toBe(200);
      const start = body<PaymentStart>(res).data;
      // The buyer's browser opens the signed gateway URL (the imitation checks the signature).
      const page = await fetch(start.redirectUrl ?? '');
      expect(page.status).toBe(200);
      return { ...o, start };
    }

    it('sends the buyer to a signed page-pay URL and is paid by the notification', async () => {
      const o = await startAlipay();
      const url = new URL(o.start.redirectUrl ?? '');
      expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
      expect(url.searchParams.get('return_url')).toBe(
        `https://shop.example.com/pay/return?orderId=${o.id}`,
      );
      expect(url.searchParams.get('notify_url')).toBe(
        'https://shop.example.com/client/v1/payments/alipay/notify',
      );
      expect(gw.alipay.trades.get(o.number)?.amountText).toBe('1000.00');

      gw.alipay.pay(o.number);
      const res = await notifyAlipay(gw.alipay.notification(o.number));
      expect(res.body).toBe('success');
      expect(await orderRow(o.id)).toMatchObject({
        payStatus: PayStatus.PAID,
        payType: PayType.ALIPAY,
      });
      expect((await notifyAlipay(gw.alipay.notification(o.number))).body).toBe('success');
      expect((await recordsOf(o.id)).map((r) => r.outcome)).toEqual(['page', 'paid', 'duplicate']);
    });

    it('uses mobile website payment on phones', async () => {
      const o = await startAlipay('mobile');
      expect(new URL(o.start.redirectUrl ?? '').searchParams.get('method')).toBe(
        'alipay.trade.wap.pay',
      );
    });

    it('changes nothing for a forged signature, a wrong amount or an unknown order', async () => {
      const o = await startAlipay();
      gw.alipay.pay(o.number);
      expect((await notifyAlipay(gw.alipay.notification(o.number, {}, gw.forgerKey))).body).toBe(
        'failure',
      );
      expect(
        (await notifyAlipay(gw.alipay.notification(o.number, { total_amount: '999.99' }))).body,
      ).toBe('failure');
      expect(
        (
          await notifyAlipay(
            gw.alipay.notification('20990101000000888888', { total_amount: '1000.00' }),
          )
        ).body,
      ).toBe('failure');
      expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.UNPAID });
    });

    it('asks the gateway on the buyer return, then refunds through it', async () => {
      const o = await startAlipay();
      gw.alipay.pay(o.number);
      const back = await ctx.app.inject({
        method: 'POST',
        url: `/client/v1/user/orders/${o.id}/payment/query`,
        headers: auth(o.m),
      });
      expect(body(back).data).toMatchObject({ payStatus: PayStatus.PAID });

      await ship(o.id);
      const refund = await refundOrderPayment(ctx.db, cfg(), {
        orderId: o.id,
        reason: '缺货',
        staffId: null,
      });
      expect(refund.state).toBe('success');
      expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.REFUNDED });
    });

    it('closes a timed-out trade', async () => {
      const o = await startAlipay();
      await ctx.db
        .updateTable('orders')
        .set({ createdAt: Date.now() - cfg().onlineTimeoutMs - 1000 })
        .where('id', '=', o.id)
        .execute();
      await closeTimedOutOrders(ctx.db, cfg());
      expect(await orderRow(o.id)).toMatchObject({ status: OrderStatus.CANCELLED });
      expect(gw.alipay.trades.get(o.number)?.state).toBe('TRADE_CLOSED');
    });
  });

  describe('balance and bank transfer', () => {
    it('pays a priced order from the balance with its ledger row', async () => {
      const o = await unpaidOrder();
      const res = await pay(o.m, o.id, { payType: PayType.BALANCE });
      expect(body(res)).toMatchObject({ code: 0, msg: '支付成功', data: { paid: true } });
      expect(await orderRow(o.id)).toMatchObject({
        payStatus: PayStatus.PAID,
        payType: PayType.BALANCE,
      });
      const user = await ctx.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', o.m.userId)
        .executeTakeFirstOrThrow();
      expect(user.balance).toBe(400_000);
      const ledger = await ctx.db
        .selectFrom('balanceRecords')
        .selectAll()
        .where('orderId', '=', o.id)
        .execute();
      expect(ledger).toMatchObject([
        { business: BalanceBusiness.SHOPPING, amount: 100_000, balanceAfter: 400_000 },
      ]);
      expect(body(await pay(o.m, o.id, { payType: PayType.BALANCE })).msg).toBe('订单已支付');
    });

    it('refuses a short balance and an unpriced order without changing anything', async () => {
      const o = await unpaidOrder(PayType.BANK_TRANSFER, 600_000);
      const short = await pay(o.m, o.id, { payType: PayType.BALANCE });
      expect(short.statusCode).toBe(400);
      expect(body(short).msg).toBe('余额不足');
      expect(await orderRow(o.id)).toMatchObject({
        payStatus: PayStatus.UNPAID,
        payType: PayType.BANK_TRANSFER,
      });

      const pending = await unpaidOrder(PayType.BANK_TRANSFER, null);
      const res = await pay(pending.m, pending.id, { payType: PayType.WECHAT });
      expect(body(res).msg).toBe('订单待确认价格，客服报价后即可支付');
    });

    it('answers bank details and the reference, also when switching from a gateway', async () => {
      const o = await unpaidOrder(PayType.WECHAT);
      const res = await pay(o.m, o.id, { payType: PayType.BANK_TRANSFER });
      const start = body<PaymentStart>(res).data;
      expect(start.bankTransfer?.reference).toBe(o.number);
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders/${o.id}`,
        headers: auth(o.m),
      });
      expect(body<OrderDetail>(detail).data.bankTransfer).toEqual(start.bankTransfer);
      const info = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders/${o.id}/payment`,
        headers: auth(o.m),
      });
      const row = await orderRow(o.id);
      expect(body<PaymentInfo>(info).data.deadline).toBe(row.createdAt + cfg().bankTimeoutMs);
    });

    it("answers 404 for another member's order", async () => {
      const o = await unpaidOrder();
      const other = await createMember(ctx);
      const res = await pay(other, o.id, { payType: PayType.BANK_TRANSFER });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('scheduler', () => {
    it('runs a due job once however many instances claim it at the same time', async () => {
      const job = { name: `test.${Date.now()}`, everyMs: 60_000, run: async () => undefined };
      const at = Date.now();
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claimRun(ctx.db, job, at, `instance-${i}`)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimRun(ctx.db, job, at + 59_000)).toBe(false);
      expect(await claimRun(ctx.db, job, at + 60_000)).toBe(true);
    });

    it('runs each job of several schedulers exactly once', async () => {
      let runs = 0;
      const job = {
        name: `count.${Date.now()}`,
        everyMs: 3_600_000,
        run: async () => void (runs += 1),
      };
      await Promise.all([
        runDueJobs(ctx.db, [job]),
        runDueJobs(ctx.db, [job]),
        runDueJobs(ctx.db, [job]),
      ]);
      expect(runs).toBe(1);
    });
  });
});

describe('gateways switched off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('offers only bank transfer and balance and refuses the others', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/payments/methods' });
    expect(body(res).data).toEqual({ payTypes: [1, 4] });
    const m = await createMember(ctx);
    const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody([line]),
    });
    const id = body<{ order: { id: number } }>(created).data.order.id;
    for (const payType of [PayType.WECHAT, PayType.ALIPAY]) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: `/client/v1/user/orders/${id}/payment`,
        headers: auth(m),
        payload: { payType },
      });
      expect(r.statusCode).toBe(400);
      expect(body(r).msg).toBe('该支付方式暂未开通，请选择其他支付方式');
    }
    const note = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/payments/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'out_trade_no=1&sign=x',
    });
    expect(note.body).toBe('failure');
  });
});
