import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayType } from '@labshop/shared';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct, insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { createStaff } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, orderBody } from '../../../test/fixtures/orders.ts';
import { composeEmail } from './notifications.sender.ts';

/**
 * The buyer's delivery notice links the safety data sheets of the package's hazardous products
 * (docs/safety.md), in the message centre and, with the site's origin, in the email.
 */
let ctx: TestContext;
const GHS = JSON.stringify({
  pictograms: ['GHS02'],
  signalWord: '危险',
  hazardStatements: ['H225'],
});

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function shippedNotice(productsOfPackage: { ghs?: string; sds?: boolean }[]) {
  const store = await insertStore(ctx.db);
  const operator = await createStaff(ctx.db, ['operator']);
  const warehouse = await createStaff(ctx.db, ['warehouse']);
  const member = await createMember(ctx, {
    account: `buyer${Math.random().toString(36).slice(2, 8)}@example.cn`,
    balanceFen: 10_000_000,
  });
  const products: { id: number; name: string }[] = [];
  const cartIds: number[] = [];
  for (const [i, p] of productsOfPackage.entries()) {
    const name = `甲醇${i}-${Math.random().toString(36).slice(2, 6)}`;
    const inserted = await insertProduct(ctx.db, {
      name,
      materials: [{ pack: '500mL' }],
      ...(p.ghs ? { ghs: p.ghs } : {}),
    });
    const pack = inserted.materialIds[0] ?? 0;
    await insertStock(ctx.db, pack, store, 5);
    cartIds.push(await insertCartLine(ctx.db, member.userId, pack));
    products.push({ id: inserted.id, name });
    if (p.sds) {
      const form = multipart(
        { language: 'zh', version: '1.0', revisedAt: String(Date.UTC(2025, 0, 1)) },
        { filename: 'sds.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      );
      const up = await ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/products/${inserted.id}/sds`,
        headers: { ...form.headers, authorization: operator.token },
        payload: form.payload,
      });
      expect(up.statusCode).toBe(200);
    }
  }
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody(cartIds, { payType: PayType.BALANCE }),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = body<{ order: { id: number } }>(placed).data.order.id;
  const detail = body<{ goodsList: { id: number }[] }>(
    await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/orders/${orderId}`,
      headers: { authorization: warehouse.token },
    }),
  ).data;
  const shipped = await ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/orders/${orderId}/deliveries`,
    headers: { authorization: warehouse.token },
    payload: {
      carrier: '顺丰速运',
      trackingNumber: 'SF1',
      goods: detail.goodsList.map((g) => ({ orderGoodsId: g.id, quantity: 1, storeId: store })),
    },
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const row = await ctx.db
    .selectFrom('notificationOutbox')
    .selectAll()
    .where('event', '=', 'order-shipped')
    .where('userId', '=', member.userId)
    .where('channel', '=', 'email')
    .executeTakeFirstOrThrow();
  return { row, products };
}

describe('the delivery notice of a package', () => {
  it('links the Chinese SDS of each hazardous product, and says so of one without', async () => {
    const { row, products } = await shippedNotice([{ ghs: GHS, sds: true }, { ghs: GHS }, {}]);
    const [withSheet, without, plain] = products;
    expect(row.body).toContain('本包裹含危险化学品，使用前请阅读其安全技术说明书（SDS）：');
    expect(row.body).toContain(
      `${withSheet?.name}：中文 /client/v1/products/${withSheet?.id}/sds/zh/1.0`,
    );
    expect(row.body).toContain(`${without?.name}：安全技术说明书尚未上传，请联系我们索取`);
    expect(row.body).not.toContain(plain?.name ?? '-');

    const email = composeEmail(row, 'https://shop.example.cn');
    const address = `https://shop.example.cn/client/v1/products/${withSheet?.id}/sds/zh/1.0`;
    expect(email.text).toContain(`中文 ${address}`);
    expect(email.html).toContain(`<a href="${address}">${address}</a>`);
  });

  it('is the plain notice for a package of no hazardous product', async () => {
    const { row } = await shippedNotice([{}]);
    expect(row.body).toMatch(
      /^订单 \S+ 有包裹已发出，顺丰速运，运单号 SF1。\n可在订单详情中查看物流信息。$/,
    );
    expect(row.body).not.toContain('安全技术说明书');
  });
});
