import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PayType } from '@labshop/shared';
import type { BulkShipResult, ManageOrderDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { chinaDate } from '../../lib/clock.ts';

// 批量发货 (docs/console.md, "Bulk actions"): each order ships what it still owes as one package
// from one warehouse, FEFO, through the one-package ship service; a refused order is reported
// with its reason and the others ship. The ledger checks that close the context also check that
// every unit taken left through its movement.

let ctx: TestContext;
let admin: StaffMember;
let warehouse: StaffMember;
let finance: StaffMember;
let storeA: number;
let storeB: number;
const today = chinaDate(Date.now());
const inDays = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin']);
  warehouse = await createStaff(ctx.db, ['warehouse'], '库管甲');
  finance = await createStaff(ctx.db, ['finance']);
  storeA = await insertStore(ctx.db, { name: '北京仓' });
  storeB = await insertStore(ctx.db, { name: '上海仓' });
});
afterAll(async () => ctx.close());

let keySeq = 0;
const post = (url: string, payload: object, staff = warehouse, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(staff), 'idempotency-key': key ?? `bulk-ship-test-${++keySeq}` },
    payload,
  });
const bulkShip = (
  orders: { orderId: number; trackingNumber: string }[],
  opts: { storeId?: number; staff?: StaffMember; key?: string } = {},
) =>
  post(
    '/manage/v1/orders/bulk/deliveries',
    { storeId: opts.storeId ?? storeA, carrier: '顺丰速运', orders },
    opts.staff,
    opts.key,
  );

async function receive(
  materialId: number,
  storeId: number,
  lotNumber: string,
  days: number,
  n: number,
) {
  const res = await post('/manage/v1/stock/receipts', {
    materialId,
    storeId,
    lotNumber,
    expire: inDays(days),
    quantity: n,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A member's order of `quantity` units of the pack; paid by balance unless `unpaid`. */
async function order(materialId: number, quantity: number, unpaid = false) {
  const buyer = await createMember(ctx, { balanceFen: 10_000_000 });
  const cartId = await insertCartLine(ctx.db, buyer.userId, materialId, quantity);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(buyer),
    payload: orderBody([cartId], { payType: unpaid ? PayType.BANK_TRANSFER : PayType.BALANCE }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: { id: number; number: string } }>(res).data.order;
}

const detail = async (id: number) =>
  body<ManageOrderDetail>(
    await ctx.app.inject({ method: 'GET', url: `/manage/v1/orders/${id}`, headers: auth(admin) }),
  ).data;
const lots = async (materialId: number) =>
  Object.fromEntries(
    (
      await ctx.db
        .selectFrom('stockLots')
        .select(['lotNumber', 'quantity'])
        .where('materialId', '=', materialId)
        .where('storeId', '=', storeA)
        .execute()
    ).map((l) => [l.lotNumber, Number(l.quantity)]),
  );
const packagesOf = (orderId: number) =>
  ctx.db
    .selectFrom('deliveries')
    .select(['id', 'trackingNumber'])
    .where('orderId', '=', orderId)
    .execute();

describe('批量发货', () => {
  it('ships the orders that can ship FEFO and reports each refused one with its reason', async () => {
    const fefo = await insertPack(ctx.db, 10_000);
    await receive(fefo, storeA, 'A-EARLY', 400, 2);
    await receive(fefo, storeA, 'A-LATE', 700, 5);
    const plain = await insertPack(ctx.db, 10_000);
    await receive(plain, storeA, 'P1', 500, 2);
    const scarce = await insertPack(ctx.db, 10_000, { pack: '5mL' });
    await receive(scarce, storeA, 'S1', 500, 1);
    await receive(scarce, storeB, 'S2', 500, 5);
    const dated = await insertPack(ctx.db, 10_000, { pack: '2mL' });
    await receive(dated, storeA, 'D-SHORT', 30, 4);
    const shelfLife = await ctx.app.inject({
      method: 'PUT',
      url: '/manage/v1/settings/shelf-life',
      headers: auth(warehouse),
      payload: { minMonths: 6 },
    });
    expect(shelfLife.statusCode, shelfLife.body).toBe(200);

    const o1 = await order(fefo, 3);
    const o2 = await order(plain, 2);
    const unpaid = await order(plain, 1, true);
    const short = await order(scarce, 2);
    const expiring = await order(dated, 1);

    const res = await bulkShip([
      { orderId: o1.id, trackingNumber: 'SF-BULK-1' },
      { orderId: unpaid.id, trackingNumber: 'SF-BULK-2' },
      { orderId: short.id, trackingNumber: 'SF-BULK-3' },
      { orderId: expiring.id, trackingNumber: 'SF-BULK-4' },
      { orderId: 999_999, trackingNumber: 'SF-BULK-5' },
      { orderId: o2.id, trackingNumber: 'SF-BULK-6' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const out = body<BulkShipResult>(res);
    expect(out.msg).toBe('已发货 2 个订单，4 个未能发货');
    expect(out.data.shipped.map((s) => [s.orderId, s.number])).toEqual([
      [o1.id, o1.number],
      [o2.id, o2.number],
    ]);
    expect(out.data.failed.map((f) => [f.orderId, f.number])).toEqual([
      [unpaid.id, unpaid.number],
      [short.id, short.number],
      [expiring.id, expiring.number],
      [999_999, ''],
    ]);
    const [notPaid, noStock, shortLot, unknown] = out.data.failed.map((f) => f.reason);
    expect(notPaid).toBe('订单当前状态不能发货');
    expect(noStock).toMatch(/^北京仓库存不足：/);
    expect(shortLot).toMatch(/^批次 D-SHORT 有效期至 .+，剩余有效期不足 6 个月，请确认后发货：/);
    expect(unknown).toBe('订单不存在');

    // FEFO: the lot that expires first goes first, then the next.
    expect(await lots(fefo)).toEqual({ 'A-EARLY': 0, 'A-LATE': 4 });
    const d1 = await detail(o1.id);
    expect(d1.status).toBe(OrderStatus.SHIPPING);
    expect(d1.deliveries).toHaveLength(1);
    expect(d1.deliveries[0]).toMatchObject({ carrier: '顺丰速运', trackingNumber: 'SF-BULK-1' });
    expect((await detail(o2.id)).status).toBe(OrderStatus.SHIPPING);

    // The refused orders keep their stock and their state.
    expect(await lots(scarce)).toEqual({ S1: 1 });
    expect(await lots(dated)).toEqual({ 'D-SHORT': 4 });
    expect(await packagesOf(short.id)).toEqual([]);
    expect((await detail(unpaid.id)).status).toBe(OrderStatus.PENDING);
    expect((await detail(expiring.id)).status).toBe(OrderStatus.AWAITING_SHIPMENT);

    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select(['target', 'staffId'])
      .where('action', '=', 'order.delivery')
      .where(
        'target',
        'in',
        [o1.id, o2.id, short.id].map((id) => `order:${id}`),
      )
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { target: `order:${o1.id}`, staffId: warehouse.id },
      { target: `order:${o2.id}`, staffId: warehouse.id },
    ]);
  });

  it('ships once for a double submit, and a later submit reports nothing left to ship', async () => {
    const pack = await insertPack(ctx.db, 10_000);
    await receive(pack, storeA, 'T1', 500, 10);
    const o = await order(pack, 2);
    const list = [{ orderId: o.id, trackingNumber: 'SF-TWICE' }];
    const [a, b] = await Promise.all([
      bulkShip(list, { key: 'bulk-ship-twice' }),
      bulkShip(list, { key: 'bulk-ship-twice' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(body<BulkShipResult>(b).data).toEqual(body<BulkShipResult>(a).data);
    expect(await packagesOf(o.id)).toHaveLength(1);

    const again = body<BulkShipResult>(await bulkShip(list)).data;
    expect(again).toEqual({
      shipped: [],
      failed: [{ orderId: o.id, number: o.number, reason: '订单没有待发的商品' }],
    });
    expect(await lots(pack)).toEqual({ T1: 8 });
  });

  it('ships once when two staff submit the same orders at the same time', async () => {
    const pack = await insertPack(ctx.db, 10_000);
    await receive(pack, storeA, 'C1', 500, 10);
    const o = await order(pack, 3);
    const list = [{ orderId: o.id, trackingNumber: 'SF-RACE' }];
    const answers = await Promise.all([bulkShip(list), bulkShip(list)]);
    const results = answers.map((r) => body<BulkShipResult>(r).data);
    expect(results.map((r) => r.shipped.length).sort()).toEqual([0, 1]);
    expect(results.flatMap((r) => r.failed.map((f) => f.orderId))).toEqual([o.id]);
    expect(await packagesOf(o.id)).toHaveLength(1);
    expect(await lots(pack)).toEqual({ C1: 7 });
  });

  it('refuses bad input and a role without deliveries, changing nothing', async () => {
    const pack = await insertPack(ctx.db, 10_000);
    await receive(pack, storeA, 'R1', 500, 10);
    const o = await order(pack, 1);
    const one = [{ orderId: o.id, trackingNumber: 'SF-NO' }];
    const cases: [Awaited<ReturnType<typeof bulkShip>>, string][] = [
      [await bulkShip(one, { storeId: 999_999 }), '仓库不存在'],
      [await bulkShip([]), '请选择订单'],
      [await bulkShip([...one, ...one]), '订单重复'],
      [await bulkShip([{ orderId: o.id, trackingNumber: ' ' }]), '请输入快递单号'],
      [
        await post('/manage/v1/orders/bulk/deliveries', { storeId: storeA, orders: one }),
        '请输入快递公司',
      ],
    ];
    for (const [res, msg] of cases) expect([res.statusCode, body(res).msg]).toEqual([400, msg]);
    const forbidden = await bulkShip(one, { staff: finance });
    expect(forbidden.statusCode).toBe(403);
    expect(await packagesOf(o.id)).toEqual([]);
    expect(await lots(pack)).toEqual({ R1: 10 });
  });
});
