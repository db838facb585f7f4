import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManageOrderDetail, OrderPreview } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';

let ctx: TestContext;
let admin: StaffMember;
let warehouse: StaffMember;
let store: number;
let member: Member;
let acetone: number;
let ether: number;
let frozen: number;
let ordered: number;

const RULES = {
  carriers: [
    { name: '顺丰速运', licensed: false },
    { name: '危化专运', licensed: true },
  ],
  classes: [
    { shippingClass: 'normal', surcharge: 0, carriers: ['顺丰速运'], excludedRegions: [] },
    {
      shippingClass: 'dangerous',
      surcharge: 50,
      carriers: ['危化专运'],
      excludedRegions: ['540000'],
    },
    { shippingClass: 'frozen', surcharge: 30, carriers: ['顺丰速运'], excludedRegions: [] },
  ],
};

const pack = async (name: string, fields: Record<string, unknown>, stock: number) => {
  const { materialIds } = await insertProduct(ctx.db, {
    name,
    materials: [{ pack: '500mL', userPrice: 10_000, ...fields }],
  });
  const id = materialIds[0]!;
  if (stock > 0) await insertStock(ctx.db, id, store, stock);
  return id;
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin']);
  warehouse = await createStaff(ctx.db, ['warehouse']);
  store = await insertStore(ctx.db, { name: '北京仓' });
  member = await createMember(ctx, { balanceFen: 1_000_000 });
  acetone = await pack('丙酮', {}, 10);
  ether = await pack(
    '乙醚',
    { shippingClass: 'dangerous', unNumber: 'UN1155', hazardClass: '3' },
    10,
  );
  frozen = await pack('雌二醇标准溶液', { shippingClass: 'frozen', leadTimeDays: 7 }, 0);
  ordered = await pack('冷冻标准品', { shippingClass: 'frozen' }, 10);
});
afterAll(() => ctx.close());

const as = (staff: StaffMember, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(staff), ...(payload ? { payload } : {}) });

const cart = (...ids: number[]) =>
  Promise.all(ids.map((id) => insertCartLine(ctx.db, member.userId, id, 1)));

const preview = (cartIds: number[], extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders/preview',
    headers: auth(member),
    payload: orderBody(cartIds, extra),
  });

describe('freight rules per shipping class', () => {
  it('refuses bad rules in Chinese and keeps them from the buyer', async () => {
    const bad = await as(admin, 'PUT', '/manage/v1/settings/shipping-classes', {
      carriers: [],
      classes: [
        { shippingClass: 'normal', surcharge: 0, carriers: ['无名快递'], excludedRegions: [] },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toContain('承运商不存在：无名快递');
    const other = await as(
      await createStaff(ctx.db, ['finance']),
      'PUT',
      '/manage/v1/settings/shipping-classes',
      RULES,
    );
    expect(other.statusCode).toBe(403);
  });

  it('saves the rules, audited', async () => {
    const res = await as(warehouse, 'PUT', '/manage/v1/settings/shipping-classes', RULES);
    expect(res.statusCode, res.body).toBe(200);
    const got = body<typeof RULES>(
      await as(warehouse, 'GET', '/manage/v1/settings/shipping-classes'),
    );
    expect(got.data).toEqual(RULES);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select('action')
      .where('action', '=', 'settings.shipping-classes')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('order preview and the order', () => {
  it('splits classes into packages whose freight is the order freight', async () => {
    const cartIds = await cart(acetone, ether, frozen);
    const res = await preview(cartIds);
    expect(res.statusCode, res.body).toBe(200);
    const p = body<OrderPreview>(res).data;
    expect(p.packages.map((k) => [k.shippingClass, k.lines.map((l) => l.materialId)])).toEqual([
      ['normal', [acetone]],
      ['dangerous', [ether]],
      ['frozen', [frozen]],
    ]);
    expect(p.packages.map((k) => k.freight)).toEqual([20, 50, 30]);
    expect(p.packages.map((k) => k.carriers)).toEqual([
      ['顺丰速运', '自提'],
      ['危化专运', '自提'],
      ['顺丰速运', '自提'],
    ]);
    expect(p).toMatchObject({ goodsAmount: 300, freight: 100, amount: 400 });
    // The frozen pack has no stock but a lead time: 预计发货 a week on.
    expect(p.packages[2]!.lines[0]!.expectedShipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.packages[0]!.lines[0]!.expectedShipDate).toBeNull();

    // A client sending its own freight changes nothing: the server prices it.
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(member),
      payload: orderBody(cartIds, { payType: 4, freight: 0, amount: 300 }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = body<{ order: { freight: number; amount: number } }>(placed).data.order;
    expect(order).toMatchObject({ freight: p.freight, amount: p.amount });
  });

  it('refuses a region excluded for a class, in Chinese, and places nothing', async () => {
    const cartIds = await cart(ether);
    const res = await preview(cartIds, { deliveryRegionCode: '540000,540100,540102' });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('危险品商品不能发往所选地区，请更换收货地址或移除这些商品');
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(member),
      payload: orderBody(cartIds, { deliveryRegionCode: '540000,540100,540102' }),
    });
    expect(placed.statusCode).toBe(400);
    const left = await ctx.db
      .selectFrom('cartItems')
      .select('id')
      .where('id', 'in', cartIds)
      .execute();
    expect(left).toHaveLength(1);
  });
});

describe('shipping a package', () => {
  it('ships one class per package with a carrier its class allows', async () => {
    // The region test left 乙醚 in the member's cart.
    await ctx.db.deleteFrom('cartItems').where('userId', '=', member.userId).execute();
    const cartIds = await cart(ether, ordered);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(member),
      payload: orderBody(cartIds, { payType: 4 }),
    });
    const id = body<{ order: { id: number } }>(placed).data.order.id;
    const d = body<ManageOrderDetail>(await as(admin, 'GET', `/manage/v1/orders/${id}`)).data;
    const line = (materialId: number) => {
      const g = d.goodsList.find((l) => l.materialId === materialId)!;
      return { orderGoodsId: g.id, quantity: 1, storeId: store };
    };
    const ship = (carrier: string, goods: object[]) =>
      as(warehouse, 'POST', `/manage/v1/orders/${id}/deliveries`, {
        carrier,
        trackingNumber: 'T1',
        goods,
      });

    // The ship dialog's packages: one per class, each with the carriers its class allows.
    const packages = await as(warehouse, 'GET', `/manage/v1/orders/${id}/packages`);
    expect(packages.statusCode, packages.body).toBe(200);
    expect(body(packages).data).toEqual({
      restricted: true,
      packages: [
        {
          shippingClass: 'dangerous',
          orderGoodsIds: [line(ether).orderGoodsId],
          carriers: ['危化专运', '自提'],
        },
        {
          shippingClass: 'frozen',
          orderGoodsIds: [line(ordered).orderGoodsId],
          carriers: ['顺丰速运', '自提'],
        },
      ],
    });
    const finance = await createStaff(ctx.db, ['finance']);
    expect((await as(finance, 'GET', `/manage/v1/orders/${id}/packages`)).statusCode).toBe(403);

    const mixed = await ship('顺丰速运', [line(ether), line(ordered)]);
    expect(body(mixed).msg).toBe('不同运输类别的商品不能同装一个包裹，请分开发货');
    const wrong = await ship('顺丰速运', [line(ether)]);
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).msg).toBe('危险品包裹只能由以下承运商发运：危化专运、自提');
    expect(
      await ctx.db.selectFrom('deliveries').select('id').where('orderId', '=', id).execute(),
    ).toHaveLength(0);

    expect((await ship('危化专运', [line(ether)])).statusCode).toBe(200);
    expect((await ship('顺丰速运', [line(ordered)])).statusCode).toBe(200);
  });
});
