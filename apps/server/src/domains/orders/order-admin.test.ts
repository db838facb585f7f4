import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { catalogueVersion } from '../../lib/catalogue-version.ts';
import { readSheet } from '../../lib/sheets.ts';

let ctx: TestContext;
let admin: StaffMember;
let finance: StaffMember;
let warehouse: StaffMember;
let operator: StaffMember;
let storeA: number;
let storeB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin']);
  finance = await createStaff(ctx.db, ['finance'], '财务甲');
  warehouse = await createStaff(ctx.db, ['warehouse'], '库管甲');
  operator = await createStaff(ctx.db, ['operator'], '运营甲');
  storeA = await insertStore(ctx.db, { name: '北京仓' });
  storeB = await insertStore(ctx.db, { name: '上海仓' });
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const as = (staff: StaffMember, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(staff), ...(payload ? { payload } : {}) });

/** A member's order of `quantity` units of one pack at `priceFen` (null: 询价), via the storefront. */
async function placeOrder(opts: {
  member?: Member;
  priceFen?: number | null;
  quantity?: number;
  payType?: number;
  stock?: [number, number][];
  region?: string;
}) {
  const member = opts.member ?? (await createMember(ctx, { balanceFen: 1_000_000 }));
  const materialId = await insertPack(ctx.db, opts.priceFen === undefined ? 50_000 : opts.priceFen);
  for (const [store, count] of opts.stock ?? [[storeA, 10]])
    await insertStock(ctx.db, materialId, store, count);
  const cartId = await insertCartLine(ctx.db, member.userId, materialId, opts.quantity ?? 3);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([cartId], {
      payType: opts.payType ?? 1,
      ...(opts.region ? { deliveryRegionCode: opts.region } : {}),
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = body<{ order: { id: number; number: string; amount: number | null } }>(res).data
    .order;
  return { member, materialId, ...order };
}

const detail = async (id: number) =>
  body<ManageOrderDetail>(await as(admin, 'GET', `/manage/v1/orders/${id}`)).data;
const stockOf = async (materialId: number, storeId: number) =>
  (
    await ctx.db
      .selectFrom('materialStocks')
      .select('count')
      .where('materialId', '=', materialId)
      .where('storeId', '=', storeId)
      .executeTakeFirstOrThrow()
  ).count;
const balanceOf = async (userId: number) =>
  (
    await ctx.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).balance;

describe('bank transfer order: confirm, two packages, complete', () => {
  it('runs the whole life cycle and the member sees both packages', async () => {
    const o = await placeOrder({
      quantity: 3,
      stock: [
        [storeA, 2],
        [storeB, 5],
      ],
    });
    expect(o.amount).toBe(1500);
    const d0 = await detail(o.id);
    expect(d0).toMatchObject({ status: 1, payStatus: 1, transferReference: o.number });

    // Wrong amount or reference: refused, nothing changed.
    const wrongAmount = await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
      amount: 1499.99,
      reference: o.number,
    });
    expect(wrongAmount.statusCode).toBe(400);
    expect(body(wrongAmount).msg).toBe('到账金额与订单应付金额不一致');
    const wrongRef = await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
      amount: 1500,
      reference: 'X1',
    });
    expect(body(wrongRef).msg).toBe('转账参考号与订单不一致');
    expect((await detail(o.id)).status).toBe(1);

    // Shipping before payment is an illegal transition.
    const early = await as(warehouse, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
      carrier: '顺丰速运',
      trackingNumber: 'SF1',
      goods: [{ orderGoodsId: d0.goodsList[0]!.id, quantity: 1, storeId: storeA }],
    });
    expect(early.statusCode).toBe(400);
    expect(body(early).msg).toBe('订单当前状态不能发货');

    const paid = await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
      amount: 1500,
      reference: o.number,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const d1 = await detail(o.id);
    expect(d1).toMatchObject({ status: 2, payStatus: 2 });
    expect(d1.payments).toMatchObject([
      { kind: 1, amount: 1500, reference: o.number, staff: '财务甲' },
    ]);
    expect(
      (
        await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
          amount: 1500,
          reference: o.number,
        })
      ).statusCode,
    ).toBe(400);

    const line = d1.goodsList[0]!.id;
    // More than the warehouse holds: refused, nothing taken.
    const short = await as(warehouse, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
      carrier: '顺丰速运',
      trackingNumber: 'SF1',
      goods: [{ orderGoodsId: line, quantity: 3, storeId: storeA }],
    });
    expect(short.statusCode).toBe(400);
    expect(body(short).msg).toContain('北京仓库存不足');
    expect(await stockOf(o.materialId, storeA)).toBe(2);

    const catalogueBefore = await catalogueVersion(ctx.db);
    const first = await as(warehouse, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
      carrier: '顺丰速运',
      trackingNumber: 'SF1001',
      goods: [{ orderGoodsId: line, quantity: 2, storeId: storeA }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await stockOf(o.materialId, storeA)).toBe(0);
    // The package's stock left through a movement that names the order, the package and the staff.
    const movements = await ctx.db
      .selectFrom('stockMovements')
      .select(['change', 'countAfter', 'reason', 'orderId', 'deliveryId', 'staffId'])
      .where('materialId', '=', o.materialId)
      .where('reason', '=', 'shipment')
      .execute();
    expect(movements).toEqual([
      {
        change: -2,
        countAfter: 0,
        reason: 'shipment',
        orderId: o.id,
        deliveryId: body<{ id: number }>(first).data.id,
        staffId: warehouse.id,
      },
    ]);
    // Cached catalogue answers (stock per warehouse) are no longer served.
    expect(await catalogueVersion(ctx.db)).toBeGreaterThan(catalogueBefore);
    expect((await detail(o.id)).status).toBe(3);

    // Not everything shipped yet: cannot complete.
    expect(body(await as(admin, 'POST', `/manage/v1/orders/${o.id}/complete`)).msg).toBe(
      '还有商品未发货，不能完成订单',
    );
    // Shipping more than is left to ship is refused.
    const over = await as(warehouse, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
      carrier: '中通快递',
      trackingNumber: 'ZT2002',
      goods: [{ orderGoodsId: line, quantity: 2, storeId: storeB }],
    });
    expect(body(over).msg).toContain('发货数量超过待发数量');

    const second = await as(warehouse, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
      carrier: '中通快递',
      trackingNumber: 'ZT2002',
      goods: [{ orderGoodsId: line, quantity: 1, storeId: storeB }],
    });
    expect(second.statusCode).toBe(200);
    expect(await stockOf(o.materialId, storeB)).toBe(4);
    const deliveryId = body<{ id: number }>(second).data.id;
    const tracked = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${o.id}/deliveries/${deliveryId}/tracks`,
      {
        context: '快件已由上海仓发出',
        time: Date.UTC(2026, 0, 2, 2, 0, 0),
      },
    );
    expect(tracked.statusCode).toBe(200);

    const member = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${o.id}/deliveries`,
      headers: auth(o.member),
    });
    const packages =
      body<{ company: string; trackingNumber: string; track: string }[]>(member).data;
    expect(packages.map((p) => p.trackingNumber)).toEqual(['SF1001', 'ZT2002']);
    expect(JSON.parse(packages[1]!.track)).toEqual([
      { context: '快件已由上海仓发出', ftime: '2026-01-02 10:00:00' },
    ]);

    const completed = await as(operator, 'POST', `/manage/v1/orders/${o.id}/complete`);
    expect(completed.statusCode).toBe(200);
    const d2 = await detail(o.id);
    expect(d2.status).toBe(4);
    expect(d2.deliveries).toHaveLength(2);
    expect(d2.goodsList[0]!.quantityShipped).toBe(3);
    expect(d2.history.map((h) => h.action)).toEqual([
      'order.payment',
      'order.delivery',
      'order.delivery',
      'order.track',
      'order.complete',
    ]);

    // Completed orders cannot be cancelled, shipped again or completed again.
    expect(
      (await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '测试' })).statusCode,
    ).toBe(400);
    expect((await as(admin, 'POST', `/manage/v1/orders/${o.id}/complete`)).statusCode).toBe(400);
  });

  it('answers a retried completion with the first answer, not an illegal transition', async () => {
    const o = await placeOrder({ payType: 4, quantity: 1 });
    const line = (await detail(o.id)).goodsList[0]!.id;
    const shipped = await as(warehouse, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
      carrier: '顺丰速运',
      trackingNumber: 'SF4001',
      goods: [{ orderGoodsId: line, quantity: 1, storeId: storeA }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const complete = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/orders/${o.id}/complete`,
        headers: { ...auth(operator), 'idempotency-key': 'complete-once-1' },
      });
    const answers = await Promise.all([complete(), complete()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const retry = await complete();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const d = await detail(o.id);
    expect(d.status).toBe(4);
    expect(d.history.filter((h) => h.action === 'order.complete')).toHaveLength(1);
  });

  it('records the fapiao, which the member sees on the order', async () => {
    const member = await createMember(ctx, { balanceFen: 1_000_000 });
    const materialId = await insertPack(ctx.db, 10_000);
    const cartId = await insertCartLine(ctx.db, member.userId, materialId, 1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(member),
      payload: orderBody([cartId], {
        payType: 4,
        invoiceType: 1,
        invoiceCompanyName: '某研究所',
        invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
        invoiceEmail: 'fp@example.com',
      }),
    });
    const id = body<{ order: { id: number } }>(res).data.order.id;
    const issued = await as(finance, 'PUT', `/manage/v1/orders/${id}/invoice`, {
      invoiceNumber: '04400001',
      issuedAt: Date.UTC(2026, 1, 3),
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${id}`,
      headers: auth(member),
    });
    expect(body(seen).data).toMatchObject({
      invoiceNumber: '04400001',
      invoiceIssuedAt: Date.UTC(2026, 1, 3),
    });
  });
});

describe('tracking records', () => {
  it('adds a retried record with the same Idempotency-Key once', async () => {
    const o = await placeOrder({ payType: 4, quantity: 1 });
    const line = (await detail(o.id)).goodsList[0]!.id;
    const shipped = await as(warehouse, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
      carrier: '顺丰速运',
      trackingNumber: 'SF3001',
      goods: [{ orderGoodsId: line, quantity: 1, storeId: storeA }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const deliveryId = body<{ id: number }>(shipped).data.id;
    const addTrack = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/orders/${o.id}/deliveries/${deliveryId}/tracks`,
        headers: { ...auth(warehouse), 'idempotency-key': key },
        payload: { context: '快件已揽收', time: Date.UTC(2026, 0, 3, 1, 0, 0) },
      });
    const track = async () => (await detail(o.id)).deliveries[0]!.track;

    const answers = await Promise.all([addTrack('track-once-1'), addTrack('track-once-1')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const retry = await addTrack('track-once-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await track()).toHaveLength(1);

    // A new attempt (a fresh key) is a new record.
    expect((await addTrack('track-once-2')).statusCode).toBe(200);
    expect(await track()).toHaveLength(2);
  });
});

describe('balance order: cancel and refund', () => {
  it('refunds to the balance with a ledger row, once', async () => {
    const o = await placeOrder({ payType: 4, quantity: 2 });
    const before = await balanceOf(o.member.userId);
    // Operators may cancel, but refunding needs the refunds permission.
    const denied = await as(operator, 'POST', `/manage/v1/orders/${o.id}/cancel`, {
      reason: '客户要求',
    });
    expect(denied.statusCode).toBe(403);
    expect(await balanceOf(o.member.userId)).toBe(before);

    const res = await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '客户要求' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(o.member.userId)).toBe(before + 100_000);
    const d = await detail(o.id);
    expect(d).toMatchObject({ status: 5, payStatus: 3, cancelReason: '客户要求' });
    const ledger = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/user/finance?business=3',
      headers: auth(o.member),
    });
    expect(
      body<{ records: { type: number; business: number; amount: number }[] }>(ledger).data.records,
    ).toMatchObject([{ type: 1, business: 3, amount: 1000 }]);
    const again = await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '再次' });
    expect(again.statusCode).toBe(400);
    expect(await balanceOf(o.member.userId)).toBe(before + 100_000);
  });

  it('cancels an unpaid order without refund and records a bank refund for a paid transfer', async () => {
    const unpaid = await placeOrder({});
    expect(
      (await as(operator, 'POST', `/manage/v1/orders/${unpaid.id}/cancel`, { reason: '重复下单' }))
        .statusCode,
    ).toBe(200);
    expect((await detail(unpaid.id)).payStatus).toBe(1);

    const o = await placeOrder({});
    await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
      amount: o.amount,
      reference: o.number,
    });
    const res = await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '缺货' });
    expect(res.statusCode).toBe(200);
    const d = await detail(o.id);
    expect(d.payments.map((p) => [p.kind, p.amount])).toEqual([
      [1, 1500],
      [2, 1500],
    ]);
  });

  it('refuses an online-paid order the gateway has no payment of, changing nothing', async () => {
    const o = await placeOrder({});
    await ctx.db
      .updateTable('orders')
      .set({ payType: 2, status: 2, payStatus: 2 })
      .where('id', '=', o.id)
      .execute();
    const res = await as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '测试' });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toMatch(/退款/);
    expect(await detail(o.id)).toMatchObject({ status: 2, payStatus: 2 });
  });
});

describe('待确认 order: priced, then paid by balance', () => {
  it('prices every line and lets the member pay', async () => {
    const o = await placeOrder({ priceFen: null, quantity: 2 });
    expect(o.amount).toBeNull();
    const d = await detail(o.id);
    // Paying or confirming before pricing is refused.
    expect(
      body(
        await as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
          amount: 1,
          reference: o.number,
        }),
      ).msg,
    ).toBe('订单尚未定价，请先定价');
    const missing = await as(operator, 'PUT', `/manage/v1/orders/${o.id}/prices`, {
      goods: [{ orderGoodsId: 999999, price: 1 }],
    });
    expect(body(missing).msg).toBe('请为订单的每个商品填写单价');
    const priced = await as(operator, 'PUT', `/manage/v1/orders/${o.id}/prices`, {
      goods: [{ orderGoodsId: d.goodsList[0]!.id, price: 300.5 }],
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(await detail(o.id)).toMatchObject({
      goodsAmount: 601,
      freight: 20,
      amount: 621,
      status: 1,
    });
    // Unpaid, it may be priced again (docs/console.md, "Orders"); the member sees the new price.
    const again = await as(operator, 'PUT', `/manage/v1/orders/${o.id}/prices`, {
      goods: [{ orderGoodsId: d.goodsList[0]!.id, price: 600 }],
      freight: 0,
    });
    expect(again.statusCode, again.body).toBe(200);
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${o.id}`,
      headers: auth(o.member),
    });
    expect(body(seen).data).toMatchObject({
      goodsAmount: 1200,
      freight: 0,
      amount: 1200,
      goodsList: [{ price: 600 }],
    });
  });
});

describe('order list', () => {
  it('filters by number, status, phone, product and delivery city', async () => {
    const sz = await placeOrder({ region: '440000,440300,440305' });
    const bj = await placeOrder({ region: '110000,110100,110101' });
    const list = async (q: string) =>
      body<{ records: { id: number }[]; total: number }>(
        await as(warehouse, 'GET', `/manage/v1/orders?size=100&${q}`),
      ).data.records.map((r) => r.id);
    expect(await list(`number=${sz.number}`)).toEqual([sz.id]);
    const shenzhen = await list('cities=440300');
    expect(shenzhen).toContain(sz.id);
    expect(shenzhen).not.toContain(bj.id);
    const beijing = await list('cities=110000,440300');
    expect(beijing).toEqual(expect.arrayContaining([sz.id, bj.id]));
    expect(await list(`phone=${bj.member.account}`)).toEqual([bj.id]);
    // The last four digits, as read off a label or a call display.
    expect(await list(`phone=${bj.member.account.slice(-4)}`)).toContain(bj.id);
    const numberOfPack = (
      await ctx.db
        .selectFrom('orderGoods')
        .select('number')
        .where('orderId', '=', bj.id)
        .executeTakeFirstOrThrow()
    ).number;
    expect(await list(`product=${numberOfPack}`)).toEqual([bj.id]);
    const bad = await as(warehouse, 'GET', '/manage/v1/orders?cities=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered orders as XLSX for reconciliation, states and amounts readable', async () => {
    const o = await placeOrder({ priceFen: 12_345, quantity: 2 });
    const res = await as(finance, 'GET', `/manage/v1/orders/export?number=${o.number}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(res.rawPayload, 'xlsx');
    expect(sheet.headers.slice(0, 3)).toEqual(['订单号', '下单时间', '会员账号']);
    expect(sheet.rows).toHaveLength(1);
    const row = Object.fromEntries(sheet.headers.map((h, i) => [h, sheet.rows[0]?.cells[i]]));
    expect(row).toMatchObject({
      订单号: o.number,
      订单状态: '待处理',
      支付方式: '银行转账',
      支付状态: '未支付',
      商品金额: '246.90',
      应付金额: (o.amount ?? 0).toFixed(2),
    });
    const wrong = await as(finance, 'GET', '/manage/v1/orders/export?status=9');
    expect(wrong.statusCode).toBe(400);
  });
});

describe('dashboard', () => {
  it('counts as many transfers to confirm as its link lists, leaving out orders still to be priced', async () => {
    await placeOrder({ payType: 1 });
    await placeOrder({ payType: 1, priceFen: null });
    const figures = body<{ awaitingTransfer: number; awaitingPricing: number }>(
      await as(admin, 'GET', '/manage/v1/dashboard'),
    ).data;
    const listed = async (q: string) =>
      body<{ total: number }>(await as(admin, 'GET', `/manage/v1/orders?${q}`)).data.total;
    // The links of the console's dashboard (apps/console/src/domains/dashboard).
    expect(await listed('status=1&payStatus=1&payType=1&pending=0')).toBe(figures.awaitingTransfer);
    expect(await listed('status=1&pending=1')).toBe(figures.awaitingPricing);
    expect(figures.awaitingPricing).toBeGreaterThan(0);
  });
});

describe('two staff at once', () => {
  it('confirms one payment once', async () => {
    const o = await placeOrder({});
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(finance, 'POST', `/manage/v1/orders/${o.id}/payment`, {
          amount: o.amount,
          reference: o.number,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await detail(o.id)).payments).toHaveLength(1);
  });

  it('ships the last units once', async () => {
    const member = await createMember(ctx);
    const a = await placeOrder({ member, quantity: 1, stock: [[storeA, 1]] });
    await as(finance, 'POST', `/manage/v1/orders/${a.id}/payment`, {
      amount: a.amount,
      reference: a.number,
    });
    const line = (await detail(a.id)).goodsList[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        as(warehouse, 'POST', `/manage/v1/orders/${a.id}/deliveries`, {
          carrier: '顺丰速运',
          trackingNumber: `SF-C${i}`,
          goods: [{ orderGoodsId: line, quantity: 1, storeId: storeA }],
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await stockOf(a.materialId, storeA)).toBe(0);
    expect((await detail(a.id)).deliveries).toHaveLength(1);
    const shipments = await ctx.db
      .selectFrom('stockMovements')
      .select('change')
      .where('orderId', '=', a.id)
      .execute();
    expect(shipments).toEqual([{ change: -1 }]);
  });

  it('refunds once', async () => {
    const o = await placeOrder({ payType: 4 });
    const before = await balanceOf(o.member.userId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(admin, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '并发' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(o.member.userId)).toBe(before + 150_000);
  });
});
