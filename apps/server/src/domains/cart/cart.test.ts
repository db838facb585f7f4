import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ResultCode } from '@labshop/shared';
import type { CartLine } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertBrand, insertProduct } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack } from '../../../test/fixtures/orders.ts';

describe('cart', () => {
  let ctx: TestContext;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    ctx = await createTestContext();
    [alice, bob] = await Promise.all([createMember(ctx), createMember(ctx)]);
  });
  afterAll(() => ctx.close());

  const put = (m: Member, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/client/v1/cart', headers: auth(m), payload });
  const list = async (m: Member) =>
    body<CartLine[]>(
      await ctx.app.inject({ method: 'GET', url: '/client/v1/cart', headers: auth(m) }),
    ).data;
  const linesOf = (userId: number) =>
    ctx.db.selectFrom('cartItems').selectAll().where('userId', '=', userId).orderBy('id').execute();
  const clear = (m: Member) =>
    ctx.app.inject({ method: 'DELETE', url: '/client/v1/cart/all', headers: auth(m) });

  it('refuses visitors', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/cart' });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(ResultCode.TOKEN_MISSING);
  });

  it('lists lines with product, pack and prices in yuan', async () => {
    await clear(alice);
    const brandId = await insertBrand(ctx.db, { name: '坛墨质检' });
    const product = await insertProduct(ctx.db, {
      brandId,
      name: '苯甲酸',
      cas: '65-85-0',
      image: '/files/benzoic.png',
      materials: [{ pack: '100mg', price: 12_350, userPrice: 9_905 }],
    });
    const materialId = product.materialIds[0]!;
    const res = await put(alice, { materialId, quantity: 3, type: 1 });
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe('加入购物车成功');
    const [line] = await list(alice);
    expect(line).toMatchObject({
      materialId,
      productId: product.id,
      name: '苯甲酸',
      brandName: '坛墨质检',
      cas: '65-85-0',
      pack: '100mg',
      price: 123.5,
      userPrice: 99.05,
      quantity: 3,
      image: '/files/benzoic.png',
      checked: false,
    });
  });

  it('adds to the existing line of the same material (type 1) and sets it (type 2)', async () => {
    await clear(alice);
    const materialId = await insertPack(ctx.db, 1000);
    await put(alice, { materialId, quantity: 2, type: 1 });
    await put(alice, { materialId, quantity: 5, type: 1 });
    expect((await linesOf(alice.userId)).map((l) => l.quantity)).toEqual([7]);
    const set = await put(alice, { materialId, quantity: 4, type: 2 });
    expect(body(set).data).toMatchObject({ quantity: 4 });
    expect((await linesOf(alice.userId)).map((l) => l.quantity)).toEqual([4]);
  });

  it('keeps one line and every quantity under concurrent adds', async () => {
    await clear(alice);
    const materialId = await insertPack(ctx.db, 1000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => put(alice, { materialId, quantity: 1, type: 1 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await linesOf(alice.userId)).map((l) => l.quantity)).toEqual([10]);
  });

  it('refuses quantities that are not whole numbers from 1 to the maximum', async () => {
    await clear(alice);
    const materialId = await insertPack(ctx.db, 1000);
    for (const quantity of [0, -1, 1.5, LIMITS.quantityMax + 1, 'abc', null]) {
      const res = await put(alice, { materialId, quantity, type: 1 });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(body(res).code).toBe(1);
    }
    expect(await linesOf(alice.userId)).toEqual([]);
  });

  it('refuses an add that would pass the maximum and keeps the line', async () => {
    await clear(alice);
    const materialId = await insertPack(ctx.db, 1000);
    await put(alice, { materialId, quantity: LIMITS.quantityMax - 1, type: 1 });
    const res = await put(alice, { materialId, quantity: 2, type: 1 });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain(String(LIMITS.quantityMax));
    expect((await linesOf(alice.userId)).map((l) => l.quantity)).toEqual([LIMITS.quantityMax - 1]);
    const ok = await put(alice, { materialId, quantity: 1, type: 1 });
    expect(body(ok).data).toMatchObject({ quantity: LIMITS.quantityMax });
  });

  it('refuses unknown materials', async () => {
    const res = await put(alice, { materialId: 987_654, quantity: 1, type: 1 });
    expect(res.statusCode).toBe(404);
    expect(body(res).msg).toBe('商品不存在');
  });

  it('counts lines, not pieces', async () => {
    await clear(alice);
    await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000), 5);
    await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000), 2);
    await insertCartLine(ctx.db, bob.userId, await insertPack(ctx.db, 1000), 1);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/cart/count',
      headers: auth(alice),
    });
    expect(body(res).data).toBe(2);
  });

  it('deletes selected lines and clears the cart', async () => {
    await clear(alice);
    const a = await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000));
    const b = await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000));
    const c = await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/client/v1/cart',
      headers: auth(alice),
      payload: { ids: [a, c] },
    });
    expect(body(del)).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await linesOf(alice.userId)).map((l) => l.id)).toEqual([b]);

    const empty = await ctx.app.inject({
      method: 'DELETE',
      url: '/client/v1/cart',
      headers: auth(alice),
      payload: { ids: [] },
    });
    expect(body(empty).msg).toBe('请选择要删除的商品');

    expect(body(await clear(alice)).msg).toBe('清空购物车成功');
    expect(await linesOf(alice.userId)).toEqual([]);
  });

  it('answers the chosen lines, without other members’ lines', async () => {
    await clear(alice);
    const a = await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000), 2);
    await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000));
    const foreign = await insertCartLine(ctx.db, bob.userId, await insertPack(ctx.db, 1000));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/cart/part',
      headers: auth(alice),
      payload: { ids: [a, foreign] },
    });
    expect(body<CartLine[]>(res).data.map((l) => [l.id, l.quantity])).toEqual([[a, 2]]);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/cart/part',
      headers: auth(alice),
      payload: { ids: [] },
    });
    expect(body(none).msg).toBe('您还没有选择商品');
  });

  it('refuses another member’s lines for deletion and changes nothing', async () => {
    await clear(alice);
    const own = await insertCartLine(ctx.db, alice.userId, await insertPack(ctx.db, 1000));
    const foreign = await insertCartLine(ctx.db, bob.userId, await insertPack(ctx.db, 1000));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/client/v1/cart',
      headers: auth(alice),
      payload: { ids: [own, foreign] },
    });
    expect(res.statusCode).toBe(404);
    expect((await linesOf(alice.userId)).map((l) => l.id)).toEqual([own]);
    expect((await linesOf(bob.userId)).map((l) => l.id)).toContain(foreign);

    await clear(alice);
    expect((await linesOf(bob.userId)).map((l) => l.id)).toContain(foreign);
    expect(await list(alice)).toEqual([]);
  });

  it('keeps members’ lines of the same material apart', async () => {
    await clear(alice);
    await clear(bob);
    const materialId = await insertPack(ctx.db, 1000);
    await put(bob, { materialId, quantity: 3, type: 1 });
    await put(alice, { materialId, quantity: 1, type: 1 });
    await put(alice, { materialId, quantity: 9, type: 2 });
    expect((await linesOf(bob.userId)).map((l) => l.quantity)).toEqual([3]);
    expect((await linesOf(alice.userId)).map((l) => l.quantity)).toEqual([9]);
  });
});
