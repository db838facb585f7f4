import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { auth, insertCartLine, orderBody } from '../../../test/fixtures/orders.ts';

let ctx: TestContext;
let operator: StaffMember;
const ids: Record<string, number> = {};
const packs: Record<string, number> = {};

const ghs = (pictograms: string[]) =>
  JSON.stringify({
    pictograms,
    signalWord: pictograms.length ? '警告' : null,
    hazardStatements: [],
  });

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
  const products = {
    // A class of the reference lists without a GHS label.
    classed: { regulationCategory: 'precursor-3', regulationCategories: '["precursor-3"]' },
    // A GHS pictogram without a class.
    labelled: { ghs: ghs(['GHS07']) },
    // A label without a pictogram is no hazard the law names here.
    unpictured: { ghs: ghs([]) },
    plain: {},
    withChinese: { ghs: ghs(['GHS02']) },
    englishOnly: { ghs: ghs(['GHS05']) },
    offSale: { ghs: ghs(['GHS06']), onSale: 0 },
  };
  for (const [key, columns] of Object.entries(products)) {
    const inserted = await insertProduct(ctx.db, {
      name: key,
      number: `FLAG-${key}`,
      materials: [{ pack: '100mL' }],
      ...columns,
    });
    ids[key] = inserted.id;
    packs[key] = inserted.materialIds[0] ?? 0;
  }
  for (const [key, language] of [
    ['withChinese', 'zh'],
    ['englishOnly', 'en'],
  ] as const) {
    const form = multipart(
      { language, version: '1.0', revisedAt: String(Date.UTC(2025, 0, 1)) },
      { filename: 'sds.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/products/${ids[key]}/sds`,
      headers: { ...form.headers, authorization: operator.token },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => ctx.close());

const list = async (query: string) =>
  body<{ records: { name: string }[]; total: number }>(
    await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/products?${query}`,
      headers: { authorization: operator.token },
    }),
  ).data;

describe('hazardous products without a current Chinese SDS', () => {
  it('are counted on the dashboard while on sale', async () => {
    const dashboard = body<{ missingChineseSds: number }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/manage/v1/dashboard',
        headers: { authorization: operator.token },
      }),
    ).data;
    expect(dashboard.missingChineseSds).toBe(3);
  });

  it('are what the product list’s filter shows, on sale or not', async () => {
    const missing = await list('sds=missing&size=50');
    expect(missing.records.map((r) => r.name).sort()).toEqual([
      'classed',
      'englishOnly',
      'labelled',
      'offSale',
    ]);
    const onSale = await list('sds=missing&onSale=1&size=50');
    expect(onSale.total).toBe(3);
    expect((await list('size=50')).total).toBe(Object.keys(ids).length);
  });

  it('refuses an unknown filter value in Chinese', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/products?sds=all',
      headers: { authorization: operator.token },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('SDS 筛选有误');
  });
});

describe('the ship dialog’s labels', () => {
  it('are offered for the order’s hazardous lines only, to the warehouse', async () => {
    const member = await createMember(ctx);
    const cartIds = [
      await insertCartLine(ctx.db, member.userId, packs.plain ?? 0),
      await insertCartLine(ctx.db, member.userId, packs.labelled ?? 0),
      await insertCartLine(ctx.db, member.userId, packs.unpictured ?? 0),
    ];
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(member),
      payload: orderBody(cartIds),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = body<{ order: { id: number } }>(placed).data.order.id;
    const warehouse = await createStaff(ctx.db, ['warehouse']);
    const lines = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/orders/${orderId}/labels`,
      headers: { authorization: warehouse.token },
    });
    expect(body<{ productId: number; materialId: number }[]>(lines).data).toEqual([
      expect.objectContaining({ productId: ids.labelled, materialId: packs.labelled }),
    ]);
    const compliance = await createStaff(ctx.db, ['compliance']);
    const denied = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/orders/${orderId}/labels`,
      headers: { authorization: compliance.token },
    });
    expect(denied.statusCode).toBe(403);
  });
});
