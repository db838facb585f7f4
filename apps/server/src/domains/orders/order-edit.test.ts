import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PayStatus, PayType, auditChanges } from '@labshop/shared';
import type { ManageOrderDetail, OrderDetail, PaymentStart } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { startGatewayImitation, type GatewayImitation } from '../../../test/gateways/imitation.ts';
import { closeSupersededPayments } from '../payments/index.ts';
import { editOrder } from '../../workflows/correct-order.ts';

let gw: GatewayImitation;
let ctx: TestContext;
let operator: StaffMember;
let finance: StaffMember;
let warehouse: StaffMember;

beforeAll(async () => {
  gw = await startGatewayImitation({ notifyBaseUrl: 'https://shop.example.com' });
  ctx = await createTestContext(gw.env);
  operator = await createStaff(ctx.db, ['operator'], '运营乙');
  finance = await createStaff(ctx.db, ['finance'], '财务乙');
  warehouse = await createStaff(ctx.db, ['warehouse'], '库管乙');
});
afterAll(async () => {
  await ctx.close();
  await gw.close();
});

let keySeq = 0;
const as = (staff: StaffMember, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...auth(staff), 'idempotency-key': `order-edit-test-${++keySeq}` },
    ...(payload ? { payload } : {}),
  });
const edit = (id: number, payload: object, staff = operator) =>
  as(staff, 'PUT', `/manage/v1/orders/${id}`, payload);
const detail = async (id: number) =>
  body<ManageOrderDetail>(await as(operator, 'GET', `/manage/v1/orders/${id}`)).data;
const memberView = async (m: Member, id: number) =>
  body<OrderDetail>(
    await ctx.app.inject({ method: 'GET', url: `/client/v1/user/orders/${id}`, headers: auth(m) }),
  ).data;
const orderRow = (id: number) =>
  ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const goodsRows = (id: number) =>
  ctx.db.selectFrom('orderGoods').selectAll().where('orderId', '=', id).orderBy('id').execute();
const auditRows = (id: number, action: string) =>
  ctx.db
    .selectFrom('auditLogs')
    .selectAll()
    .where('target', '=', `order:${id}`)
    .where('action', '=', action)
    .orderBy('id')
    .execute();
const payAs = (m: Member, id: number, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/client/v1/user/orders/${id}/payment`,
    headers: auth(m),
    payload,
  });

/**
 * A member's unpaid order of two lines: 3 × ¥100.00 and 2 × ¥250.00 (¥800.00 of goods, ¥20.00
 * freight), or of packs without a member price (待确认) when `priced` is false.
 */
async function twoLineOrder(payType: number = PayType.BANK_TRANSFER, priced = true) {
  const m = await createMember(ctx, { balanceFen: 1_000_000 });
  const a = await insertPack(ctx.db, priced ? 10_000 : null, { pack: '500mL' });
  const b = await insertPack(ctx.db, priced ? 25_000 : null, { pack: '1L' });
  const lines = [
    await insertCartLine(ctx.db, m.userId, a, 3),
    await insertCartLine(ctx.db, m.userId, b, 2),
  ];
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(m),
    payload: orderBody(lines, { payType }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id, number } = body<{ order: OrderDetail }>(res).data.order;
  const [first, second] = (await detail(id)).goodsList;
  if (!first || !second) throw new Error('order lines missing');
  return { m, id, number, first: first.id, second: second.id };
}

describe('修改订单: PUT /manage/v1/orders/{id}', () => {
  it('lowers a quantity, removes a line, recomputes every total and tells the member', async () => {
    const o = await twoLineOrder();
    expect(await orderRow(o.id)).toMatchObject({ goodsAmount: 80_000, freight: 2_000 });
    const res = await edit(o.id, { goods: [{ orderGoodsId: o.first, quantity: 2, price: 99.5 }] });
    expect(res.statusCode, res.body).toBe(200);
    // 2 × 99.50 = 199.00, below ¥1,000: the shop's freight rule adds ¥20.00.
    expect(body(res)).toMatchObject({
      msg: '订单已修改',
      data: { goodsAmount: 199, freight: 20, amount: 219 },
    });
    expect(await orderRow(o.id)).toMatchObject({
      goodsAmount: 19_900,
      freight: 2_000,
      amount: 21_900,
      count: 2,
      status: OrderStatus.PENDING,
      payStatus: PayStatus.UNPAID,
    });
    const seen = await memberView(o.m, o.id);
    expect(seen).toMatchObject({ goodsAmount: 199, freight: 20, amount: 219, count: 2 });
    expect(seen.goodsList).toEqual([
      expect.objectContaining({ id: o.first, price: 99.5, quantityPurchase: 2 }),
    ]);
    const messages = await ctx.db
      .selectFrom('memberMessages')
      .select(['event', 'content'])
      .where('userId', '=', o.m.userId)
      .where('event', '=', 'order-changed')
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.content).toContain('现应付 ¥219.00');
  });

  it('takes the freight staff set, and the audit row shows the change in Chinese', async () => {
    const o = await twoLineOrder();
    const res = await edit(o.id, {
      goods: [
        { orderGoodsId: o.first, quantity: 3, price: 100 },
        { orderGoodsId: o.second, quantity: 1, price: 250 },
      ],
      freight: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ goodsAmount: 550, freight: 0, amount: 550 });
    const [row, ...more] = await auditRows(o.id, 'order.edit');
    expect(more).toHaveLength(0);
    expect(row?.staffId).toBe(operator.id);
    const changes = auditChanges('order.edit', row?.before ?? '', row?.after ?? '');
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['商品金额', '800', '550'],
      ['运费', '20', '0'],
      ['金额', '820', '550'],
      ['商品明细', expect.stringContaining('×2 ￥250.00'), expect.stringContaining('×1 ￥250.00')],
    ]);
    // The order's 操作记录 carries it.
    expect((await detail(o.id)).history.map((h) => h.action)).toContain('order.edit');
  });

  it('refuses raising a quantity, adding a product, more than two decimals, negative amounts and removing every line, changing nothing', async () => {
    const o = await twoLineOrder();
    const other = await twoLineOrder();
    const before = { order: await orderRow(o.id), goods: await goodsRows(o.id) };
    const refusals: [object, string][] = [
      [
        { goods: [{ orderGoodsId: o.first, quantity: 4, price: 100 }] },
        '最多 3 件：修改订单不能增加数量',
      ],
      [{ goods: [{ orderGoodsId: other.first, quantity: 1, price: 100 }] }, '修改订单不能添加商品'],
      [{ goods: [{ orderGoodsId: o.first, quantity: 1, price: 10.005 }] }, '金额最多两位小数'],
      [
        { goods: [{ orderGoodsId: o.first, quantity: 1, price: 10 }], freight: 5.123 },
        '金额最多两位小数',
      ],
      [{ goods: [{ orderGoodsId: o.first, quantity: 1, price: -1 }] }, '请填写商品单价'],
      [{ goods: [{ orderGoodsId: o.first, quantity: 1, price: 10 }], freight: -5 }, '运费有误'],
      [{ goods: [{ orderGoodsId: o.first, quantity: 0, price: 10 }] }, '数量须为正整数'],
      [{ goods: [{ orderGoodsId: o.first, quantity: 1.5, price: 10 }] }, '数量须为正整数'],
      [{ goods: [] }, '订单至少保留一种商品'],
      [
        {
          goods: [
            { orderGoodsId: o.first, quantity: 1, price: 10 },
            { orderGoodsId: o.first, quantity: 1, price: 10 },
          ],
        },
        '同一商品只能填写一次',
      ],
    ];
    for (const [payload, message] of refusals) {
      const res = await edit(o.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).msg).toContain(message);
    }
    expect(await orderRow(o.id)).toEqual(before.order);
    expect(await goodsRows(o.id)).toEqual(before.goods);
    expect(await auditRows(o.id, 'order.edit')).toHaveLength(0);
  });

  it('refuses a paid order and staff without the orders permission', async () => {
    const paid = await twoLineOrder(PayType.BALANCE);
    expect(await orderRow(paid.id)).toMatchObject({ payStatus: PayStatus.PAID });
    const res = await edit(paid.id, {
      goods: [{ orderGoodsId: paid.first, quantity: 1, price: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('只有未支付的待处理订单可以修改');
    const reprice = await as(operator, 'PUT', `/manage/v1/orders/${paid.id}/prices`, {
      goods: [
        { orderGoodsId: paid.first, price: 1 },
        { orderGoodsId: paid.second, price: 1 },
      ],
    });
    expect(body(reprice).msg).toBe('只有未支付的待处理订单可以定价');

    const o = await twoLineOrder();
    const denied = await edit(
      o.id,
      { goods: [{ orderGoodsId: o.first, quantity: 1, price: 1 }] },
      warehouse,
    );
    expect(denied.statusCode).toBe(403);
    expect(await orderRow(o.id)).toMatchObject({ amount: 82_000 });
  });

  it('answers a retry with the same Idempotency-Key once', async () => {
    const o = await twoLineOrder();
    const send = () =>
      ctx.app.inject({
        method: 'PUT',
        url: `/manage/v1/orders/${o.id}`,
        headers: { ...auth(operator), 'idempotency-key': `order-edit-retry-${o.id}` },
        payload: { goods: [{ orderGoodsId: o.second, quantity: 2, price: 240 }] },
      });
    const [a, b] = [await send(), await send()];
    expect(body(a).data).toEqual({ goodsAmount: 480, freight: 20, amount: 500 });
    expect(b.body).toBe(a.body);
    expect(await auditRows(o.id, 'order.edit')).toHaveLength(1);
  });
});

describe('re-pricing: PUT /manage/v1/orders/{id}/prices', () => {
  it('prices a 待确认 order, prices it again while unpaid, and an edit follows', async () => {
    const o = await twoLineOrder(PayType.BANK_TRANSFER, false);
    expect(await orderRow(o.id)).toMatchObject({ amount: null });
    const price = (a: number, b: number, freight?: number) =>
      as(operator, 'PUT', `/manage/v1/orders/${o.id}/prices`, {
        goods: [
          { orderGoodsId: o.first, price: a },
          { orderGoodsId: o.second, price: b },
        ],
        ...(freight === undefined ? {} : { freight }),
      });
    expect((await price(100, 250)).statusCode).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({
      goodsAmount: 80_000,
      freight: 2_000,
      amount: 82_000,
    });
    expect((await price(200, 250, 15)).statusCode).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({
      goodsAmount: 110_000,
      freight: 1_500,
      amount: 111_500,
    });
    expect(body(await price(200.001, 250)).msg).toBe('金额最多两位小数');
    const events = await ctx.db
      .selectFrom('memberMessages')
      .select('event')
      .where('userId', '=', o.m.userId)
      .orderBy('id')
      .execute();
    // Placed, priced (pay now), then changed.
    expect(events.map((e) => e.event)).toEqual(['order-placed', 'order-priced', 'order-changed']);
    expect(await auditRows(o.id, 'order.prices')).toHaveLength(2);

    const edited = await edit(o.id, {
      goods: [{ orderGoodsId: o.second, quantity: 1, price: 250 }],
    });
    expect(body(edited).data).toEqual({ goodsAmount: 250, freight: 20, amount: 270 });
    // Finance confirms the new amount, not the old one.
    const old = await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
      amount: 1115,
      reference: o.number,
    });
    expect(old.statusCode).toBe(400);
    const confirmed = await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
      amount: 270,
      reference: o.number,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('an edit racing a payment', () => {
  it('against a balance payment: exactly one wins, the loser changes nothing', async () => {
    for (let round = 0; round < 4; round += 1) {
      const o = await twoLineOrder(PayType.BANK_TRANSFER);
      const balanceBefore = (
        await ctx.db
          .selectFrom('users')
          .select('balance')
          .where('id', '=', o.m.userId)
          .executeTakeFirstOrThrow()
      ).balance;
      const [edited, paid] = await Promise.all([
        edit(o.id, { goods: [{ orderGoodsId: o.first, quantity: 1, price: 100 }] }),
        payAs(o.m, o.id, { payType: PayType.BALANCE }),
      ]);
      const row = await orderRow(o.id);
      const balanceNow = (
        await ctx.db
          .selectFrom('users')
          .select('balance')
          .where('id', '=', o.m.userId)
          .executeTakeFirstOrThrow()
      ).balance;
      if (edited.statusCode === 200 && paid.statusCode === 200) {
        // One after the other: the payment read the corrected order and paid its new amount.
        expect(row).toMatchObject({ payStatus: PayStatus.PAID, amount: 12_000 });
        expect(balanceNow).toBe(balanceBefore - 12_000);
      } else if (paid.statusCode === 200) {
        // Paid first: the edit lost and the order is as it was paid.
        expect(body(edited).msg).toMatch(/订单状态已变化|只有未支付的待处理订单可以修改/);
        expect(row).toMatchObject({ payStatus: PayStatus.PAID, amount: 82_000 });
        expect(balanceNow).toBe(balanceBefore - 82_000);
        expect(await goodsRows(o.id)).toHaveLength(2);
      } else {
        // Edited first: the payment of the old amount was refused and took nothing.
        expect(edited.statusCode, edited.body).toBe(200);
        expect(row).toMatchObject({ payStatus: PayStatus.UNPAID, amount: 12_000 });
        expect(balanceNow).toBe(balanceBefore);
        continue;
      }
      const ledger = await ctx.db
        .selectFrom('balanceRecords')
        .select('amount')
        .where('orderId', '=', o.id)
        .execute();
      expect(ledger).toHaveLength(1);
    }
  });

  it('against a bank-transfer confirmation: exactly one wins', async () => {
    for (let round = 0; round < 4; round += 1) {
      const o = await twoLineOrder(PayType.BANK_TRANSFER);
      const [edited, confirmed] = await Promise.all([
        edit(o.id, { goods: [{ orderGoodsId: o.first, quantity: 1, price: 100 }] }),
        as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
          amount: 820,
          reference: o.number,
        }),
      ]);
      expect([edited.statusCode, confirmed.statusCode].sort()).toEqual([200, 400]);
      const row = await orderRow(o.id);
      const payments = await ctx.db
        .selectFrom('orderPayments')
        .select('amount')
        .where('orderId', '=', o.id)
        .execute();
      if (confirmed.statusCode === 200) {
        expect(row).toMatchObject({ payStatus: PayStatus.PAID, amount: 82_000 });
        expect(payments).toEqual([{ amount: 82_000 }]);
      } else {
        expect(row).toMatchObject({ payStatus: PayStatus.UNPAID, amount: 12_000 });
        expect(payments).toEqual([]);
      }
    }
  });

  it('between two staff at once: never a mix of both, every change audited', async () => {
    for (let round = 0; round < 4; round += 1) {
      const o = await twoLineOrder();
      const results = await Promise.all([
        edit(o.id, { goods: [{ orderGoodsId: o.first, quantity: 1, price: 100 }] }),
        edit(o.id, { goods: [{ orderGoodsId: o.first, quantity: 1, price: 90 }] }),
      ]);
      const won = results.filter((r) => r.statusCode === 200);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(body(r).msg).toBe('订单状态已变化，请刷新后重试');
      }
      // The order is what the edit committed last saved (both may win one after the other, in
      // either order: its audit row is the later one), its one line and totals together.
      const audits = await auditRows(o.id, 'order.edit');
      expect(audits).toHaveLength(won.length);
      const lastSaved = JSON.parse(audits.at(-1)?.after ?? '{}') as { amount: number };
      expect(won.map((r) => body<{ amount: number }>(r).data.amount)).toContain(lastSaved.amount);
      const row = await orderRow(o.id);
      const [line, ...more] = await goodsRows(o.id);
      expect(more).toHaveLength(0);
      expect(row.amount).toBe(Math.round(lastSaved.amount * 100));
      expect(row.goodsAmount).toBe((line?.price ?? 0) * (line?.quantityPurchase ?? 0));
    }
  });
});

describe('a dialog filled from an older version of the order', () => {
  it('is refused when the order changed since, and the change it would overwrite stays', async () => {
    const o = await twoLineOrder();
    const seen = (await detail(o.id)).version;
    expect(seen).toBe((await orderRow(o.id)).updatedAt);
    // Another staff member lowers the first line while the first dialog is open.
    const other = await edit(o.id, {
      goods: [
        { orderGoodsId: o.first, quantity: 1, price: 100 },
        { orderGoodsId: o.second, quantity: 2, price: 250 },
      ],
      version: seen,
    });
    expect(other.statusCode, other.body).toBe(200);
    const after = await orderRow(o.id);
    const lines = await goodsRows(o.id);

    const stale = await edit(o.id, {
      goods: [{ orderGoodsId: o.second, quantity: 2, price: 200 }],
      version: seen,
    });
    expect(stale.statusCode).toBe(400);
    expect(body(stale).msg).toBe('订单已被他人修改，请刷新后重新填写');
    const stalePrices = await as(operator, 'PUT', `/manage/v1/orders/${o.id}/prices`, {
      goods: [
        { orderGoodsId: o.first, price: 1 },
        { orderGoodsId: o.second, price: 1 },
      ],
      version: seen,
    });
    expect(body(stalePrices).msg).toBe('订单已被他人修改，请刷新后重新填写');
    expect(await orderRow(o.id)).toEqual(after);
    expect(await goodsRows(o.id)).toEqual(lines);
    expect(await auditRows(o.id, 'order.edit')).toHaveLength(1);
    expect(await auditRows(o.id, 'order.prices')).toHaveLength(0);

    // Filled again from the order as it is now, the edit goes through.
    const fresh = await edit(o.id, {
      goods: [{ orderGoodsId: o.second, quantity: 2, price: 200 }],
      version: (await detail(o.id)).version,
    });
    expect(body(fresh)).toMatchObject({ code: 0, data: { goodsAmount: 400 } });
  });

  it('refuses a version that is not a whole number, changing nothing', async () => {
    const o = await twoLineOrder();
    const before = await orderRow(o.id);
    for (const version of ['abc', -1, 1.5, true, 2 ** 60]) {
      const res = await edit(o.id, {
        goods: [{ orderGoodsId: o.first, quantity: 1, price: 100 }],
        version,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('订单版本号有误，请刷新后重试');
    }
    expect(await orderRow(o.id)).toEqual(before);
  });
});

describe('an open online payment of the old amount', () => {
  const notifyWechat = (outTradeNo: string) => {
    const n = gw.wechat.paymentNotification(outTradeNo);
    return ctx.app.inject({
      method: 'POST',
      url: '/client/v1/payments/wechat/notify',
      headers: n.headers,
      payload: n.body,
    });
  };
  const transactions = (id: number) =>
    ctx.db
      .selectFrom('paymentTransactions')
      .select(['outTradeNo', 'amount', 'state'])
      .where('orderId', '=', id)
      .orderBy('id')
      .execute();

  it('is closed at the gateway; the buyer pays the new amount under a new trade number', async () => {
    const o = await twoLineOrder(PayType.WECHAT);
    const start = await payAs(o.m, o.id, { payType: PayType.WECHAT, device: 'pc' });
    expect(start.statusCode, start.body).toBe(200);
    expect(gw.wechat.trades.get(o.number)).toMatchObject({ amount: 82_000, state: 'NOTPAY' });

    const res = await edit(o.id, { goods: [{ orderGoodsId: o.first, quantity: 1, price: 100 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(gw.wechat.trades.get(o.number)?.state).toBe('CLOSED');
    expect(await transactions(o.id)).toEqual([
      { outTradeNo: o.number, amount: 82_000, state: 'closed' },
    ]);

    const again = await payAs(o.m, o.id, { payType: PayType.WECHAT, device: 'pc' });
    expect(again.statusCode, again.body).toBe(200);
    expect(body<PaymentStart>(again).data).toMatchObject({ amount: 120 });
    const next = `${o.number}_1`;
    expect(gw.wechat.trades.get(next)).toMatchObject({ amount: 12_000, state: 'NOTPAY' });
    gw.wechat.pay(next);
    expect((await notifyWechat(next)).statusCode).toBe(204);
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID, amount: 12_000 });
  });

  it('paid at the gateway before the close: kept for a refund, never pays the corrected order', async () => {
    const o = await twoLineOrder(PayType.WECHAT);
    expect((await payAs(o.m, o.id, { payType: PayType.WECHAT, device: 'pc' })).statusCode).toBe(
      200,
    );
    // The buyer pays the old amount while staff save the correction; the gateway refuses the
    // close of a paid trade, so the payment stays superseded until its report comes.
    gw.wechat.pay(o.number);
    const res = await edit(o.id, { goods: [{ orderGoodsId: o.first, quantity: 1, price: 100 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await transactions(o.id)).toEqual([
      { outTradeNo: o.number, amount: 82_000, state: 'paid' },
    ]);
    // The query the close made found the money: recorded once as paid to an order it no
    // longer pays; the late notification is a duplicate and the order stays unpaid.
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.UNPAID, amount: 12_000 });
    expect((await notifyWechat(o.number)).statusCode).toBe(204);
    const outcomes = await ctx.db
      .selectFrom('paymentRecords')
      .select(['kind', 'outcome'])
      .where('orderId', '=', o.id)
      .orderBy('id')
      .execute();
    expect(outcomes.map((r) => r.outcome)).toEqual(['native', 'paid_order_closed', 'duplicate']);
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.UNPAID, amount: 12_000 });

    // The buyer then pays the corrected amount under a new trade number. A refund of the order
    // goes back through the trade that paid it, within what that trade collected, never through
    // the old trade's money.
    expect((await payAs(o.m, o.id, { payType: PayType.WECHAT, device: 'pc' })).statusCode).toBe(
      200,
    );
    gw.wechat.pay(`${o.number}_1`);
    expect((await notifyWechat(`${o.number}_1`)).statusCode).toBe(204);
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.PAID, amount: 12_000 });
    const refund = (amount: number) =>
      as(finance, 'POST', `/manage/v1/orders/${o.id}/refunds`, { amount, reason: '少发一瓶' });
    const part = await refund(50);
    expect(part.statusCode, part.body).toBe(200);
    const refunds = await ctx.db
      .selectFrom('paymentRefunds')
      .select(['outTradeNo', 'amount'])
      .where('orderId', '=', o.id)
      .execute();
    expect(refunds).toEqual([{ outTradeNo: `${o.number}_1`, amount: 5_000 }]);
    expect(body(await refund(80)).msg).toBe('退款金额超出可退金额');
  });

  it('superseded or closed, a late report of the old amount never pays the order', async () => {
    const o = await twoLineOrder(PayType.WECHAT);
    expect((await payAs(o.m, o.id, { payType: PayType.WECHAT, device: 'pc' })).statusCode).toBe(
      200,
    );
    // The correction commits; its close at the gateway has not happened yet.
    await editOrder(ctx.db, { ...operator, name: '运营乙', roles: ['operator'] }, o.id, {
      goods: [{ orderGoodsId: o.first, quantity: 1, price: 100 }],
    });
    expect(await transactions(o.id)).toEqual([
      { outTradeNo: o.number, amount: 82_000, state: 'superseded' },
    ]);
    // The buyer still had the old code: the money is recorded for a refund, the order stays unpaid.
    gw.wechat.pay(o.number);
    expect((await notifyWechat(o.number)).statusCode).toBe(204);
    expect(await orderRow(o.id)).toMatchObject({ payStatus: PayStatus.UNPAID, amount: 12_000 });
    expect((await transactions(o.id))[0]?.state).toBe('paid');

    // Closed at the gateway by the scheduled job, a report that still came is refused the same way.
    const p = await twoLineOrder(PayType.WECHAT);
    expect((await payAs(p.m, p.id, { payType: PayType.WECHAT, device: 'pc' })).statusCode).toBe(
      200,
    );
    await editOrder(ctx.db, { ...operator, name: '运营乙', roles: ['operator'] }, p.id, {
      goods: [{ orderGoodsId: p.first, quantity: 1, price: 100 }],
    });
    await closeSupersededPayments(ctx.db, ctx.config.payments);
    expect((await transactions(p.id))[0]?.state).toBe('closed');
    expect(gw.wechat.trades.get(p.number)?.state).toBe('CLOSED');
    gw.wechat.pay(p.number);
    expect((await notifyWechat(p.number)).statusCode).toBe(204);
    expect(await orderRow(p.id)).toMatchObject({ payStatus: PayStatus.UNPAID, amount: 12_000 });
    const outcomes = await ctx.db
      .selectFrom('paymentRecords')
      .select('outcome')
      .where('orderId', '=', p.id)
      .where('kind', '=', 'notify')
      .execute();
    expect(outcomes).toEqual([{ outcome: 'paid_order_closed' }]);
  });
});
