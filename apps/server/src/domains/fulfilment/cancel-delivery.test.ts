import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PayType } from '@labshop/shared';
import type { LedgerRow, LotDetail, ManageOrderDetail, Shipment } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import {
  auth,
  insertCartLine,
  insertDelivery,
  insertPack,
  orderBody,
} from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { catalogueVersion } from '../../lib/catalogue-version.ts';
import { heldByPaidOrders } from '../stock/index.ts';
import { chinaDate } from '../../lib/clock.ts';

// 撤销发货 (docs/lots.md, "Shipping"): a package shipped by mistake is cancelled, its units go back
// to the warehouses and lots they came from with their movements, and it no longer counts as
// shipped anywhere. The ledger check that closes the context also checks every lot's movements.

let ctx: TestContext;
let admin: StaffMember;
let warehouse: StaffMember;
let operator: StaffMember;
let finance: StaffMember;
let storeA: number;
let storeB: number;
const today = chinaDate(Date.now());
const inDays = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin'], '管理员甲');
  warehouse = await createStaff(ctx.db, ['warehouse'], '库管甲');
  operator = await createStaff(ctx.db, ['operator']);
  finance = await createStaff(ctx.db, ['finance']);
  storeA = await insertStore(ctx.db, { name: '北京仓' });
  storeB = await insertStore(ctx.db, { name: '上海仓' });
});
afterAll(async () => ctx.close());

let keySeq = 0;
const as = (staff: StaffMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...auth(staff), 'idempotency-key': `cancel-delivery-test-${++keySeq}` },
    ...(payload ? { payload } : {}),
  });

async function receive(materialId: number, storeId: number, lotNumber: string, quantity: number) {
  const res = await as(warehouse, 'POST', '/manage/v1/stock/receipts', {
    materialId,
    storeId,
    lotNumber,
    expire: inDays(lotNumber.startsWith('B') ? 700 : 400),
    quantity,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The pack's lots with units in the warehouse and its count there. */
async function stockOf(materialId: number, storeId: number) {
  const [lots, count] = await Promise.all([
    ctx.db
      .selectFrom('stockLots')
      .select(['lotNumber', 'quantity'])
      .where('materialId', '=', materialId)
      .where('storeId', '=', storeId)
      .orderBy('lotNumber')
      .execute(),
    ctx.db
      .selectFrom('materialStocks')
      .select('count')
      .where('materialId', '=', materialId)
      .where('storeId', '=', storeId)
      .executeTakeFirst(),
  ]);
  return {
    count: Number(count?.count ?? 0),
    lots: Object.fromEntries(lots.map((l) => [l.lotNumber, Number(l.quantity)])),
  };
}

/** A balance-paid order of the pack: paid when placed, ready to ship. */
async function paidOrder(materialId: number, quantity: number, member?: Member) {
  const buyer = member ?? (await createMember(ctx, { balanceFen: 10_000_000 }));
  const cartId = await insertCartLine(ctx.db, buyer.userId, materialId, quantity);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(buyer),
    payload: orderBody([cartId], { payType: PayType.BALANCE }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = body<{ order: { id: number } }>(res).data.order.id;
  return { id, goodsId: (await detail(id)).goodsList[0]!.id, member: buyer };
}

const detail = async (id: number) =>
  body<ManageOrderDetail>(await as(admin, 'GET', `/manage/v1/orders/${id}`)).data;

async function ship(
  orderId: number,
  goods: { orderGoodsId: number; storeId: number; quantity: number; lotNumber?: string }[],
) {
  const res = await as(warehouse, 'POST', `/manage/v1/orders/${orderId}/deliveries`, {
    carrier: '顺丰速运',
    trackingNumber: `SF${++keySeq}`,
    goods,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
}

const cancel = (orderId: number, deliveryId: number, reason = '发错货', staff = warehouse) =>
  as(staff, 'POST', `/manage/v1/orders/${orderId}/deliveries/${deliveryId}/cancel`, { reason });

describe('cancelling a package', () => {
  it('puts its units back into the lots they came from; the order is 待发货 and ships again', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'A1', 3);
    await receive(pack, storeA, 'B2', 5);
    const order = await paidOrder(pack, 4);
    // FEFO: the whole of A1 and one of B2.
    const first = await ship(order.id, [
      { orderGoodsId: order.goodsId, storeId: storeA, quantity: 4 },
    ]);
    expect(await stockOf(pack, storeA)).toEqual({ count: 4, lots: { A1: 0, B2: 4 } });
    expect((await heldByPaidOrders(ctx.db, { materialIds: [pack] })).get(pack)).toBeUndefined();

    const versionBefore = await catalogueVersion(ctx.db);
    const res = await cancel(order.id, first, '发错货，整包退回');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).msg).toBe('已撤销发货');

    // Exactly what left comes back, lot by lot, with movements naming the order and the package.
    expect(await stockOf(pack, storeA)).toEqual({ count: 8, lots: { A1: 3, B2: 5 } });
    const moves = await ctx.db
      .selectFrom('stockMovements')
      .select(['lotNumber', 'change', 'countAfter', 'orderId', 'deliveryId', 'staffId', 'remark'])
      .where('materialId', '=', pack)
      .where('reason', '=', 'shipment-cancelled')
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      expect.objectContaining({ lotNumber: 'A1', change: 3, countAfter: 7, orderId: order.id }),
      expect.objectContaining({ lotNumber: 'B2', change: 1, countAfter: 8, deliveryId: first }),
    ]);
    expect(moves[0]).toMatchObject({ deliveryId: first, staffId: warehouse.id });
    expect(moves[0]!.remark).toContain('撤销发货');
    // The paid order holds its units again, and cached stock figures are dropped.
    expect((await heldByPaidOrders(ctx.db, { materialIds: [pack] })).get(pack)).toBe(4);
    expect(await catalogueVersion(ctx.db)).toBeGreaterThan(versionBefore);

    const d = await detail(order.id);
    expect(d.status).toBe(OrderStatus.AWAITING_SHIPMENT);
    expect(d.goodsList[0]!.quantityShipped).toBe(0);
    // The console still shows the package, marked cancelled with its reason.
    expect(d.deliveries).toHaveLength(1);
    expect(d.deliveries[0]).toMatchObject({ id: first, cancelReason: '发错货，整包退回' });
    expect(d.deliveries[0]!.cancelledAt).toEqual(expect.any(Number));
    const audit = d.history.find((h) => h.action === 'order.delivery.cancel');
    expect(audit?.staff).toContain('库管甲');
    expect(JSON.parse(audit!.after)).toMatchObject({
      status: OrderStatus.AWAITING_SHIPMENT,
      deliveryId: first,
      reason: '发错货，整包退回',
      lots: [
        { lotNumber: 'A1', quantity: 3 },
        { lotNumber: 'B2', quantity: 1 },
      ],
    });

    // Once only; no tracking records on a cancelled package; its notes are gone.
    const again = await cancel(order.id, first);
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe('包裹已撤销');
    const track = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order.id}/deliveries/${first}/tracks`,
      {
        context: '已揽收',
      },
    );
    expect(body(track).msg).toBe('包裹已撤销');
    const note = await as(
      warehouse,
      'GET',
      `/manage/v1/orders/${order.id}/deliveries/${first}/delivery-note`,
    );
    expect(note.statusCode).toBe(404);
    expect(body(note).msg).toBe('包裹不存在');

    // It ships again, from the same lots, and the buyer sees only the package that stands.
    const second = await ship(order.id, [
      { orderGoodsId: order.goodsId, storeId: storeA, quantity: 4 },
    ]);
    expect(await stockOf(pack, storeA)).toEqual({ count: 4, lots: { A1: 0, B2: 4 } });
    expect((await detail(order.id)).status).toBe(OrderStatus.SHIPPING);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${order.id}/deliveries`,
      headers: auth(order.member),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(body<Shipment[]>(mine).data.map((s) => s.id)).toEqual([second]);
    const memberNote = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${order.id}/documents/delivery-note?deliveryId=${first}`,
      headers: auth(order.member),
    });
    expect(memberNote.statusCode).toBe(404);
    // With one package standing, the member's note needs no package id.
    const only = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${order.id}/documents/delivery-note`,
      headers: auth(order.member),
    });
    expect(only.statusCode).toBe(200);
  });

  it('cancels one of two packages: the order stays 运输中 with less shipped', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'A1', 5);
    await receive(pack, storeB, 'B7', 5);
    const order = await paidOrder(pack, 3);
    const fromA = await ship(order.id, [
      { orderGoodsId: order.goodsId, storeId: storeA, quantity: 2, lotNumber: 'A1' },
    ]);
    await ship(order.id, [{ orderGoodsId: order.goodsId, storeId: storeB, quantity: 1 }]);
    expect((await detail(order.id)).goodsList[0]!.quantityShipped).toBe(3);
    const slip = () => as(warehouse, 'GET', `/manage/v1/orders/${order.id}/documents/packing-slip`);
    expect(body(await slip()).msg).toBe('订单商品已全部发货');

    expect((await cancel(order.id, fromA)).statusCode).toBe(200);
    // The packing slip counts only the packages that stand: two units are to ship again.
    expect((await slip()).statusCode).toBe(200);
    const d = await detail(order.id);
    expect(d.status).toBe(OrderStatus.SHIPPING);
    expect(d.goodsList[0]!.quantityShipped).toBe(1);
    expect(await stockOf(pack, storeA)).toEqual({ count: 5, lots: { A1: 5 } });
    expect(await stockOf(pack, storeB)).toEqual({ count: 4, lots: { B7: 4 } });
    // What was cancelled is to ship again: the order cannot be completed, and two more may ship.
    const completed = await as(admin, 'POST', `/manage/v1/orders/${order.id}/complete`);
    expect(body(completed).msg).toBe('还有商品未发货，不能完成订单');
    await ship(order.id, [{ orderGoodsId: order.goodsId, storeId: storeA, quantity: 2 }]);
    expect((await as(admin, 'POST', `/manage/v1/orders/${order.id}/complete`)).statusCode).toBe(
      200,
    );
  });

  it('gives back only what a package took: one recorded without taking stock returns none', async () => {
    // The demo seed's packages (and any recorded before stock movements) never took stock.
    const pack = await insertPack(ctx.db, 1_000);
    await insertStock(ctx.db, pack, storeB, 5);
    const order = await paidOrder(pack, 2);
    const old = await insertDelivery(ctx.db, order.id, [
      {
        orderGoodsId: order.goodsId,
        quantityShipped: 2,
        stocks: JSON.stringify([{ storeId: storeB, storeName: '上海仓', materialCount: 2 }]),
      },
    ]);
    await ctx.db
      .updateTable('orders')
      .set({ status: OrderStatus.SHIPPING })
      .where('id', '=', order.id)
      .execute();
    expect((await cancel(order.id, old)).statusCode).toBe(200);
    expect(await stockOf(pack, storeB)).toEqual({ count: 5, lots: { 未分批: 5 } });
    expect((await detail(order.id)).status).toBe(OrderStatus.AWAITING_SHIPMENT);
  });
});

describe('refusals', () => {
  it('refuses a completed order, another order’s package, a missing reason and staff without deliveries', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'A1', 10);
    const done = await paidOrder(pack, 1);
    const pkg = await ship(done.id, [{ orderGoodsId: done.goodsId, storeId: storeA, quantity: 1 }]);
    expect((await as(admin, 'POST', `/manage/v1/orders/${done.id}/complete`)).statusCode).toBe(200);
    const completed = await cancel(done.id, pkg);
    expect(completed.statusCode).toBe(400);
    expect(body(completed).msg).toBe('订单当前状态不能撤销发货');

    const other = await paidOrder(pack, 1);
    const wrongOrder = await cancel(other.id, pkg);
    expect(wrongOrder.statusCode).toBe(404);
    expect(body(wrongOrder).msg).toBe('包裹不存在');
    expect((await cancel(99_999_999, pkg)).statusCode).toBe(404);

    const open = await paidOrder(pack, 1);
    const mine = await ship(open.id, [
      { orderGoodsId: open.goodsId, storeId: storeA, quantity: 1 },
    ]);
    const blank = await cancel(open.id, mine, '   ');
    expect(blank.statusCode).toBe(400);
    expect(body(blank).msg).toBe('请输入撤销原因');
    expect((await cancel(open.id, mine, '因'.repeat(201))).statusCode).toBe(400);
    for (const staff of [operator, finance]) {
      const refused = await cancel(open.id, mine, '发错货', staff);
      expect(refused.statusCode).toBe(403);
    }
    // Nothing changed by any refusal.
    const d = await detail(open.id);
    expect(d.status).toBe(OrderStatus.SHIPPING);
    expect(d.deliveries[0]!.cancelledAt).toBeNull();
    expect(
      await ctx.db
        .selectFrom('stockMovements')
        .select('id')
        .where('materialId', '=', pack)
        .where('reason', '=', 'shipment-cancelled')
        .execute(),
    ).toEqual([]);
  });
});

describe('two staff at once', () => {
  it('cancels a package once, whatever the keys', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'A1', 4);
    const order = await paidOrder(pack, 3);
    const pkg = await ship(order.id, [
      { orderGoodsId: order.goodsId, storeId: storeA, quantity: 3 },
    ]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => cancel(order.id, pkg)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((r) => r.statusCode === 400)) {
      expect(body(a).msg).toBe('包裹已撤销');
    }
    expect(await stockOf(pack, storeA)).toEqual({ count: 4, lots: { A1: 4 } });
    const back = await ctx.db
      .selectFrom('stockMovements')
      .select('change')
      .where('deliveryId', '=', pkg)
      .where('reason', '=', 'shipment-cancelled')
      .execute();
    expect(back).toEqual([{ change: 3 }]);

    // A retry of the same attempt (same key) answers what was done and does nothing more.
    const order2 = await paidOrder(pack, 1);
    const pkg2 = await ship(order2.id, [
      { orderGoodsId: order2.goodsId, storeId: storeA, quantity: 1 },
    ]);
    const once = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/orders/${order2.id}/deliveries/${pkg2}/cancel`,
        headers: { ...auth(warehouse), 'idempotency-key': 'cancel-delivery-retry-1' },
        payload: { reason: '发错货' },
      });
    const [a, b] = await Promise.all([once(), once()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await stockOf(pack, storeA)).toEqual({ count: 4, lots: { A1: 4 } });
  });
});

describe('what else forgets the package', () => {
  it('drops it from the lot’s recall list', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'R1', 5);
    const order = await paidOrder(pack, 2);
    const pkg = await ship(order.id, [
      { orderGoodsId: order.goodsId, storeId: storeA, quantity: 2, lotNumber: 'R1' },
    ]);
    const lot = async () =>
      body<LotDetail>(await as(warehouse, 'GET', `/manage/v1/stock/lots/${pack}/R1`)).data;
    expect((await lot()).shipments).toMatchObject([{ deliveryId: pkg, quantity: 2 }]);
    expect((await cancel(order.id, pkg)).statusCode).toBe(200);
    expect((await lot()).shipments).toEqual([]);
    expect((await lot()).stores).toEqual([{ storeId: storeA, storeName: '北京仓', quantity: 5 }]);
  });

  it('writes a reversal row in the sales ledger for a regulated line', async () => {
    const methanol = (
      await insertProduct(ctx.db, {
        name: '甲醇',
        cas: '67-56-1',
        regulationCategory: 'hazardous',
        materials: [{ pack: '500mL', userPrice: 2_000 }],
      })
    ).materialIds[0]!;
    await receive(methanol, storeA, 'M1', 5);
    const order = await paidOrder(methanol, 2);
    const before = Date.now() - 1000;
    const pkg = await ship(order.id, [
      { orderGoodsId: order.goodsId, storeId: storeA, quantity: 2 },
    ]);
    expect((await cancel(order.id, pkg, '发错货', admin)).statusCode).toBe(200);

    const ledger = await as(
      admin,
      'GET',
      `/manage/v1/compliance/ledger?format=json&from=${before}`,
    );
    const rows = body<LedgerRow[]>(ledger).data.filter((r) => r.orderId === order.id);
    expect(rows).toEqual([
      expect.objectContaining({
        lots: 'M1×2',
        count: 2,
        quantity: 1,
        unit: 'L',
        staffName: '库管甲',
      }),
      expect.objectContaining({
        productName: '甲醇',
        category: 'hazardous',
        lots: 'M1×2',
        count: -2,
        quantity: -1,
        unit: 'L',
        staffName: '管理员甲',
      }),
    ]);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(0);
    const stored = await ctx.db
      .selectFrom('salesLedger')
      .select(['deliveryId', 'netAmount'])
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(stored.map((r) => [r.deliveryId, Number(r.netAmount)])).toEqual([
      [pkg, 1_000_000],
      [pkg, -1_000_000],
    ]);
    // The export writes the negative figures as plain numbers, not as neutralised formulas.
    const csv = await as(admin, 'GET', `/manage/v1/compliance/ledger?format=csv&from=${before}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/,-2,-1,L,/);
    expect(csv.body).not.toContain("'-");
  });
});
