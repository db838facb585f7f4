import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, Order, OrderDetail, ProductDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertDelivery, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff } from '../../../test/fixtures/manage.ts';
import { chinaDate } from '../../lib/clock.ts';
import { dispatchDateOf } from './lead-times.ts';
import { isOutOfStock } from './shipping.service.ts';

const DAY_MS = 86_400_000;
const inDays = (days: number) => chinaDate(Date.now() + days * DAY_MS);

describe('dispatchDateOf', () => {
  const at = Date.UTC(2026, 2, 1, 20); // already 2026-03-02 in China
  it('dates only what the stock does not cover and a lead time does', () => {
    expect(dispatchDateOf({ stock: 0, leadTimeDays: 7 }, 1, at)).toBe('2026-03-09');
    expect(dispatchDateOf({ stock: 2, leadTimeDays: 7 }, 3, at)).toBe('2026-03-09');
    expect(dispatchDateOf({ stock: 3, leadTimeDays: 7 }, 3, at)).toBeNull();
    expect(dispatchDateOf({ stock: 0, leadTimeDays: null }, 1, at)).toBeNull();
    expect(dispatchDateOf(undefined, 1, at)).toBeNull();
  });
  it('calls 库存不足 exactly what neither the stock nor a lead time covers', () => {
    expect(isOutOfStock({ stock: 0, leadTimeDays: null }, 1)).toBe(true);
    expect(isOutOfStock({ stock: 2, leadTimeDays: null }, 3)).toBe(true);
    expect(isOutOfStock({ stock: 3, leadTimeDays: null }, 3)).toBe(false);
    expect(isOutOfStock({ stock: 0, leadTimeDays: 7 }, 1)).toBe(false);
    expect(isOutOfStock(undefined, 1)).toBe(false);
  });
});

let ctx: TestContext;
let member: Member;
let store: number;
let productId: number;
let inStock: number;
let waiting: number;
let noLead: number;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx, { balanceFen: 1_000_000 });
  store = await insertStore(ctx.db, { name: '上海仓' });
  const product = await insertProduct(ctx.db, {
    name: '维生素D3',
    materials: [
      { pack: '1g', userPrice: 10_000, leadTimeDays: null },
      { pack: '5g', userPrice: 40_000, leadTimeDays: 14, shippingClass: 'cold' },
      { pack: '25g', userPrice: 150_000, leadTimeDays: null },
    ],
  });
  productId = product.id;
  [inStock, waiting, noLead] = product.materialIds as [number, number, number];
  await insertStock(ctx.db, inStock, store, 5);
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(member) });

describe('预计发货 where the buyer sees it', () => {
  it('dates a pack without stock that has a lead time on the product page and in the cart', async () => {
    // The 5g pack has no stock but a lead time; the 25g pack has neither.
    const page = body<ProductDetail>(await get(`/client/v1/products/${productId}`)).data;
    expect(page.materials.map((m) => m.expectedShipDate)).toEqual([null, inDays(14), null]);
    // The 25g pack cannot be ordered (库存不足); its stock column still reads 订购 (SPEC 9).
    expect(page.materials.map((m) => m.outOfStock)).toEqual([false, false, true]);

    await insertCartLine(ctx.db, member.userId, waiting, 3);
    await insertCartLine(ctx.db, member.userId, inStock, 2);
    await insertCartLine(ctx.db, member.userId, noLead, 1);
    const cart = body<CartLine[]>(await get('/client/v1/cart')).data;
    const dates = new Map(cart.map((l) => [l.materialId, l.expectedShipDate]));
    // The lead time dates the 5g line; the line in stock and the one without a lead time have none.
    expect(dates.get(waiting)).toBe(inDays(14));
    expect(dates.get(inStock)).toBeNull();
    expect(dates.get(noLead)).toBeNull();
    // It stays in the cart, marked 库存不足; the others can be ordered.
    const short = new Map(cart.map((l) => [l.materialId, l.outOfStock]));
    expect([short.get(waiting), short.get(inStock), short.get(noLead)]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('refuses, in the preview and at ordering, a line neither the stock nor a lead time covers', async () => {
    const cart = body<CartLine[]>(await get('/client/v1/cart')).data;
    const orders = () => ctx.db.selectFrom('orders').select('id').execute();
    const before = (await orders()).length;
    const balance = () =>
      ctx.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', member.userId)
        .executeTakeFirstOrThrow();
    const balanceBefore = await balance();
    const send = (url: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: auth(member),
        payload: orderBody(
          cart.map((l) => l.id),
          { payType: 4 },
        ),
      });
    for (const url of ['/client/v1/orders/preview', '/client/v1/orders']) {
      const res = await send(url);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('库存不足：维生素D3 25g，暂不可订购');
    }
    // Nothing was made: no order, the balance and the cart as they were.
    expect((await orders()).length).toBe(before);
    expect(await balance()).toEqual(balanceBefore);
    expect(body<CartLine[]>(await get('/client/v1/cart')).data).toHaveLength(3);

    // More than the stock of a pack without a lead time is 库存不足 too (5 in stock).
    const inStockLine = cart.find((l) => l.materialId === inStock)!;
    const tooMany = await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/cart',
      headers: auth(member),
      payload: { materialId: inStock, quantity: 6, type: 2 },
    });
    expect(tooMany.statusCode, tooMany.body).toBe(200);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders/preview',
      headers: auth(member),
      payload: orderBody([inStockLine.id], { payType: 4 }),
    });
    expect(body(refused).msg).toBe('库存不足：维生素D3 1g，暂不可订购');
    await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/cart',
      headers: auth(member),
      payload: { materialId: inStock, quantity: 2, type: 2 },
    });
  });

  it('answers each order line with its class and 预计发货 until it ships', async () => {
    const cart = body<CartLine[]>(await get('/client/v1/cart')).data.filter(
      (l) => l.materialId !== noLead,
    );
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(member),
      payload: orderBody(
        cart.map((l) => l.id),
        { payType: 4 },
      ),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order } = body<{ order: Order }>(placed).data;
    const detail = () =>
      get(`/client/v1/user/orders/${order.id}`).then((r) => body<OrderDetail>(r).data);
    const first = await detail();
    const byPack = new Map(
      first.goodsList.map((g) => [g.pack, first.lineShipping.find((s) => s.goodsId === g.id)]),
    );
    expect(byPack.get('5g')).toMatchObject({ shippingClass: 'cold', expectedShipDate: inDays(14) });
    expect(byPack.get('1g')).toMatchObject({ shippingClass: 'normal', expectedShipDate: null });
    expect(byPack.has('25g')).toBe(false);
    // Staff's order page says which lines wait too (the console's 预计发货 column).
    const staff = await createStaff(ctx.db, ['admin']);
    const staffPage = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/orders/${order.id}`,
      headers: auth(staff),
    });
    expect(body<OrderDetail>(staffPage).data.lineShipping).toEqual(first.lineShipping);

    // The waiting line shipped: it no longer waits.
    const line = first.goodsList.find((g) => g.pack === '5g')!;
    await insertDelivery(ctx.db, order.id, [{ orderGoodsId: line.id, quantityShipped: 3 }]);
    const after = await detail();
    expect(after.lineShipping.find((s) => s.goodsId === line.id)?.expectedShipDate).toBeNull();
  });
});
