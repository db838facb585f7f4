import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManageOrderDetail, ProductDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { PayType } from '@labshop/shared';

// Held stock (docs/catalogue.md, "Held stock"): paid orders hold what they bought until it
// ships; the storefront and the console show on hand less held. The whole-answer catalogue cache
// is on here, so a payment or cancellation that forgot to move the catalogue version would fail.

let ctx: TestContext;
let admin: StaffMember;
let storeA: number;
let storeB: number;

beforeAll(async () => {
  ctx = await createTestContext({ CATALOGUE_CACHE: '1' });
  admin = await createStaff(ctx.db, ['admin']);
  storeA = await insertStore(ctx.db, { name: '北京仓' });
  storeB = await insertStore(ctx.db, { name: '上海仓' });
});
afterAll(async () => ctx.close());

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) });

/** A pack with 2 units in 北京仓 and 3 in 上海仓; answers its ids. */
async function stockedPack() {
  const materialId = await insertPack(ctx.db, 10_000);
  await insertStock(ctx.db, materialId, storeA, 2);
  await insertStock(ctx.db, materialId, storeB, 3);
  const { productId } = await ctx.db
    .selectFrom('materials')
    .select('productId')
    .where('id', '=', materialId)
    .executeTakeFirstOrThrow();
  return { materialId, productId };
}

async function order(member: Member, materialId: number, quantity: number, payType: number) {
  const cartId = await insertCartLine(ctx.db, member.userId, materialId, quantity);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([cartId], { payType }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: { id: number; number: string; amount: number } }>(res).data.order;
}

/** What a visitor sees per warehouse for the pack. */
async function visitorStocks(productId: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${productId}` });
  expect(res.statusCode, res.body).toBe(200);
  return body<ProductDetail>(res).data.materials[0]!.stocks.map((s) => s.materialCount);
}

async function consoleRow(materialId: number) {
  const res = await asAdmin('GET', `/manage/v1/stock?storeId=${storeA}&materialId=${materialId}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<{
    records: { count: number; totalCount: number; held: number; available: number }[];
  }>(res).data.records[0]!;
}

describe('held stock', () => {
  it('an unpaid order holds nothing; paying holds, shipping and cancelling release', async () => {
    const { materialId, productId } = await stockedPack();
    const member = await createMember(ctx, { balanceFen: 1_000_000 });
    expect(await visitorStocks(productId)).toEqual([2, 3]);

    const unpaid = await order(member, materialId, 3, PayType.BANK_TRANSFER);
    expect(await visitorStocks(productId)).toEqual([2, 3]);
    expect(await consoleRow(materialId)).toMatchObject({ totalCount: 5, held: 0, available: 5 });

    // Finance records the transfer: the order now holds its 3 units, taken off 北京仓 first.
    const paid = await asAdmin('POST', `/manage/v1/orders/${unpaid.id}/payment`, {
      amount: unpaid.amount,
      reference: unpaid.number,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await visitorStocks(productId)).toEqual([0, 2]);
    expect(await consoleRow(materialId)).toMatchObject({
      count: 2,
      totalCount: 5,
      held: 3,
      available: 2,
    });

    // One unit ships from 上海仓: on hand 4, held 2, still 2 for sale.
    const detail = body<ManageOrderDetail>(
      await asAdmin('GET', `/manage/v1/orders/${unpaid.id}`),
    ).data;
    const shipped = await asAdmin('POST', `/manage/v1/orders/${unpaid.id}/deliveries`, {
      carrier: '顺丰速运',
      trackingNumber: 'SF-HELD-1',
      goods: [{ orderGoodsId: detail.goodsList[0]!.id, quantity: 1, storeId: storeB }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await consoleRow(materialId)).toMatchObject({ totalCount: 4, held: 2, available: 2 });
    expect(await visitorStocks(productId)).toEqual([0, 2]);

    // A balance order is paid when placed: it holds at once; cancelling it gives the units back.
    const byBalance = await order(member, materialId, 2, PayType.BALANCE);
    expect(await visitorStocks(productId)).toEqual([0, 0]);
    expect(await consoleRow(materialId)).toMatchObject({ held: 4, available: 0 });
    const cancelled = await asAdmin('POST', `/manage/v1/orders/${byBalance.id}/cancel`, {
      reason: '客户要求取消',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await visitorStocks(productId)).toEqual([0, 2]);
    expect(await consoleRow(materialId)).toMatchObject({ held: 2, available: 2 });
  });

  it('a credit order (月结) holds at once, unpaid; staff cancelling it releases', async () => {
    const { materialId, productId } = await stockedPack();
    const member = await createMember(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orgs',
      headers: auth(member),
      payload: { name: '某大学分析测试中心' },
    });
    const orgId = body<{ id: number }>(created).data.id;
    const credit = await asAdmin('PUT', `/manage/v1/orgs/${orgId}/credit`, {
      limit: 10_000,
      termDays: 30,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(await visitorStocks(productId)).toEqual([2, 3]);

    const cartId = await insertCartLine(ctx.db, member.userId, materialId, 3);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(member),
      payload: orderBody([cartId], { orgId, payType: PayType.CREDIT }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = body<{ order: { id: number } }>(placed).data.order.id;
    expect(await visitorStocks(productId)).toEqual([0, 2]);
    expect(await consoleRow(materialId)).toMatchObject({ totalCount: 5, held: 3, available: 2 });

    // At 待发货 it ships unpaid: the buyer may not cancel it, the staff may.
    const byBuyer = await ctx.app.inject({
      method: 'DELETE',
      url: `/client/v1/user/orders/${orderId}`,
      headers: auth(member),
    });
    expect(byBuyer.statusCode).toBe(400);
    expect(await consoleRow(materialId)).toMatchObject({ held: 3, available: 2 });
    const cancelled = await asAdmin('POST', `/manage/v1/orders/${orderId}/cancel`, {
      reason: '单位取消采购',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await visitorStocks(productId)).toEqual([2, 3]);
    expect(await consoleRow(materialId)).toMatchObject({ held: 0, available: 5 });
  });

  it('quick order previews count what can still be sold', async () => {
    const { materialId } = await stockedPack();
    const member = await createMember(ctx, { balanceFen: 1_000_000 });
    await order(member, materialId, 4, PayType.BALANCE);
    const { number, pack } = await ctx.db
      .selectFrom('materials as m')
      .innerJoin('products as p', 'p.id', 'm.productId')
      .select(['p.number', 'm.pack'])
      .where('m.id', '=', materialId)
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/cart/quick/preview',
      headers: auth(member),
      payload: { text: `${number} ${pack} 1` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ stock: number }[]>(res).data[0]).toMatchObject({ stock: 1 });
  });
});
