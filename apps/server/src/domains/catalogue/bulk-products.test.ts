import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { auth } from '../../../test/fixtures/orders.ts';
import { catalogueVersion } from '../../lib/catalogue-version.ts';
import { adjustedPriceFen } from './bulk-price.ts';

// Bulk actions of the product list (docs/console.md, "Bulk actions"). The catalogue cache is on,
// so a storefront answer read before a bulk write would still be served if the write did not
// move the catalogue version as a single product save does.

let ctx: TestContext;
let operator: StaffMember;
let warehouse: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext({ CATALOGUE_CACHE: '1' });
  operator = await createStaff(ctx.db, ['operator'], '运营甲');
  warehouse = await createStaff(ctx.db, ['warehouse']);
});
afterAll(async () => ctx.close());

let keySeq = 0;
const post = (
  url: string,
  payload: object,
  staff = operator,
  key = `bulk-products-test-${++keySeq}`,
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(staff), 'idempotency-key': key },
    payload,
  });
const onSale = (ids: number[], value: boolean, staff = operator) =>
  post('/manage/v1/products/bulk/on-sale', { ids, onSale: value }, staff);
const prices = (payload: object, staff = operator) =>
  post('/manage/v1/products/bulk/prices', payload, staff);

/** What a visitor sees of the product: 404 when it is off sale, else its packs' prices. */
async function storefront(id: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}` });
  if (res.statusCode !== 200) return res.statusCode;
  return body<{ materials: { pack: string; price: number | null }[] }>(res).data.materials.map(
    (m) => [m.pack, m.price],
  );
}
async function search(key: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products',
    payload: { key, page: 1, size: 50 },
  });
  return body<{ records: { id: number }[] }>(res).data.records.map((r) => r.id);
}
const packs = (productId: number) =>
  ctx.db
    .selectFrom('materials')
    .select(['pack', 'price', 'userPrice'])
    .where('productId', '=', productId)
    .orderBy('sort')
    .execute();
const audits = (action: string) =>
  ctx.db
    .selectFrom('auditLogs')
    .select(['target', 'before', 'after', 'staffId'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('adjustedPriceFen: the documented rounding', () => {
  it('rounds half up to the fen, in integers', () => {
    expect(adjustedPriceFen(12_850, { mode: 'percent', value: 10 })).toBe(14_135);
    expect(adjustedPriceFen(1_234, { mode: 'percent', value: 0.05 })).toBe(1_235); // 12.34617
    expect(adjustedPriceFen(1_001, { mode: 'percent', value: -50 })).toBe(501); // 5.005 → 5.01
    expect(adjustedPriceFen(1_003, { mode: 'percent', value: -50 })).toBe(502); // 5.015 → 5.02
    expect(adjustedPriceFen(999, { mode: 'percent', value: 33.33 })).toBe(1_332); // 13.3197
    expect(adjustedPriceFen(1, { mode: 'percent', value: -60 })).toBe(0);
    expect(adjustedPriceFen(9_999_999_999, { mode: 'percent', value: 1000 })).toBe(109_999_999_989);
    expect(adjustedPriceFen(5_000, { mode: 'fixed', value: 19.99 })).toBe(1_999);
  });
});

describe('批量上架 / 批量下架', () => {
  it('takes the selected products off sale and back, audited per product, seen by visitors', async () => {
    const name = '批量上下架甲醇溶液';
    const a = await insertProduct(ctx.db, { name, onSale: 1, materials: [{ pack: '1mL' }] });
    const b = await insertProduct(ctx.db, { name, onSale: 1, materials: [{ pack: '1mL' }] });
    const c = await insertProduct(ctx.db, { name, onSale: 0, materials: [{ pack: '1mL' }] });
    expect(await storefront(a.id)).not.toBe(404);

    const version = await catalogueVersion(ctx.db);
    const off = await onSale([a.id, b.id, c.id, a.id], false);
    expect(off.statusCode, off.body).toBe(200);
    // c was off sale already: only a and b changed, and a listed twice counts once.
    expect(body(off)).toMatchObject({ data: { changed: 2 }, msg: '已下架 2 个商品' });
    expect(await catalogueVersion(ctx.db)).not.toBe(version);
    expect(await storefront(a.id)).toBe(404);
    expect(await storefront(b.id)).toBe(404);
    expect(await audits('product.off-sale')).toEqual([
      expect.objectContaining({
        target: `product:${a.id}`,
        before: '{"onSale":true}',
        after: '{"onSale":false}',
        staffId: operator.id,
      }),
      expect.objectContaining({ target: `product:${b.id}` }),
    ]);

    const on = await onSale([a.id, b.id, c.id], true);
    expect(body(on)).toMatchObject({ data: { changed: 3 }, msg: '已上架 3 个商品' });
    expect(await storefront(c.id)).toEqual([['1mL', 100]]);
    expect((await search(name)).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await audits('product.on-sale')).toHaveLength(3);
  });

  it('refuses an unknown id, an empty or oversized list and a wrong role, changing nothing', async () => {
    const p = await insertProduct(ctx.db, { onSale: 1, materials: [{ pack: '1mL' }] });
    const before = await audits('product.off-sale');
    const unknown = await onSale([p.id, 999_999], false);
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).msg).toBe('商品不存在（ID 999999）');
    const empty = await onSale([], false);
    expect([empty.statusCode, body(empty).msg]).toEqual([400, '请选择商品']);
    const tooMany = await onSale(
      Array.from({ length: 501 }, (_, i) => i + 1),
      false,
    );
    expect([tooMany.statusCode, body(tooMany).msg]).toEqual([400, '一次最多处理 500 个商品']);
    const forbidden = await onSale([p.id], false, warehouse);
    expect(forbidden.statusCode).toBe(403);
    expect(await storefront(p.id)).not.toBe(404);
    expect(await audits('product.off-sale')).toEqual(before);
  });
});

describe('批量改价', () => {
  it('moves the market price by a percentage, rounded to the fen, and visitors see it at once', async () => {
    const a = await insertProduct(ctx.db, {
      onSale: 1,
      materials: [
        { pack: '100mg', price: 12_850, userPrice: 9_800 },
        { pack: '1g', price: null, userPrice: null },
      ],
    });
    const b = await insertProduct(ctx.db, {
      onSale: 1,
      materials: [{ pack: '10mL', price: 1_001, userPrice: 900 }],
    });
    expect(await storefront(a.id)).toEqual([
      ['100mg', 128.5],
      ['1g', null],
    ]);

    const up = await prices({ ids: [a.id, b.id], field: 'price', mode: 'percent', value: '10' });
    expect(up.statusCode, up.body).toBe(200);
    expect(body(up)).toMatchObject({ data: { changed: 2 }, msg: '已调整 2 个商品的价格' });
    // 询价 stays 询价; the member price is not touched.
    expect(await packs(a.id)).toEqual([
      { pack: '100mg', price: 14_135, userPrice: 9_800 },
      { pack: '1g', price: null, userPrice: null },
    ]);
    expect(await storefront(a.id)).toEqual([
      ['100mg', 141.35],
      ['1g', null],
    ]);
    expect(await storefront(b.id)).toEqual([['10mL', 11.01]]); // 11.011 → 11.01

    const down = await prices({ ids: [b.id], field: 'price', mode: 'percent', value: -50 });
    expect(body(down).data).toEqual({ changed: 1 });
    expect(await storefront(b.id)).toEqual([['10mL', 5.51]]); // 5.505 → 5.51

    const rows = await audits('product.prices');
    expect(
      rows.map((r): unknown[] => [r.target, JSON.parse(r.before), JSON.parse(r.after)]),
    ).toEqual([
      [`product:${a.id}`, { price: { '100mg': 128.5 } }, { price: { '100mg': 141.35 } }],
      [`product:${b.id}`, { price: { '10mL': 10.01 } }, { price: { '10mL': 11.01 } }],
      [`product:${b.id}`, { price: { '10mL': 11.01 } }, { price: { '10mL': 5.51 } }],
    ]);
  });

  it('sets the member price to a fixed amount; a product already at it is not counted', async () => {
    const a = await insertProduct(ctx.db, { materials: [{ pack: '1mL', userPrice: 5_000 }] });
    const b = await insertProduct(ctx.db, { materials: [{ pack: '1mL', userPrice: 4_200 }] });
    const res = await prices({ ids: [a.id, b.id], field: 'userPrice', mode: 'fixed', value: 42 });
    expect(body(res).data).toEqual({ changed: 1 });
    expect(await packs(a.id)).toEqual([{ pack: '1mL', price: 10_000, userPrice: 4_200 }]);
  });

  it('refuses more than two decimals, a result below 0.01 and a wrong role, changing nothing', async () => {
    const cheap = await insertProduct(ctx.db, {
      number: 'BULK-CHEAP',
      materials: [{ pack: '1mL', price: 1 }],
    });
    const other = await insertProduct(ctx.db, { materials: [{ pack: '5mL', price: 20_000 }] });
    const before = await audits('product.prices');
    const cases: [object, string][] = [
      [{ mode: 'fixed', value: 12.345 }, '请输入调整值（数字，最多两位小数）'],
      [{ mode: 'fixed', value: '12.345' }, '请输入调整值（数字，最多两位小数）'],
      [{ mode: 'percent', value: 10.001 }, '请输入调整值（数字，最多两位小数）'],
      [{ mode: 'fixed', value: 0 }, '价格须在 0.01 到 99999999.99 元之间'],
      [{ mode: 'percent', value: -100 }, '调整比例须大于 -100% 且不超过 1000%，不能为 0'],
      [{ mode: 'discount', value: 10 }, '请选择调价方式'],
      // 0.01 down 60% is 0.004: refused with the product named, and the other product unchanged.
      [{ mode: 'percent', value: -60 }, 'BULK-CHEAP 1mL 调整后市场价低于 0.01 元'],
    ];
    for (const [rule, msg] of cases) {
      const res = await prices({ ids: [other.id, cheap.id], field: 'price', ...rule });
      expect([res.statusCode, body(res).msg], JSON.stringify(rule)).toEqual([400, msg]);
    }
    const forbidden = await prices(
      { ids: [other.id], field: 'price', mode: 'fixed', value: 1 },
      warehouse,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(await packs(other.id)).toEqual([{ pack: '5mL', price: 20_000, userPrice: 8_000 }]);
    expect(await packs(cheap.id)).toEqual([{ pack: '1mL', price: 1, userPrice: 8_000 }]);
    expect(await audits('product.prices')).toEqual(before);
  });

  it('changes prices once for a double submit with one key', async () => {
    const p = await insertProduct(ctx.db, { materials: [{ pack: '1mL', price: 10_000 }] });
    const payload = { ids: [p.id], field: 'price', mode: 'percent', value: 10 };
    const [first, second] = await Promise.all([
      post('/manage/v1/products/bulk/prices', payload, operator, 'bulk-price-twice'),
      post('/manage/v1/products/bulk/prices', payload, operator, 'bulk-price-twice'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(body(second).data).toEqual({ changed: 1 });
    expect(await packs(p.id)).toEqual([{ pack: '1mL', price: 11_000, userPrice: 8_000 }]);
  });
});
