import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertBrand, insertProduct } from '../../../test/fixtures/catalogue.ts';
import { auth } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { expectedOrder, pagedIds } from '../../../test/fixtures/sorting.ts';

let ctx: TestContext;
let operator: StaffMember;
let brandId: number;
const products: { id: number; number: string; updatedAt: number }[] = [];

/** One brand's products, two of them changed in the same millisecond. */
beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
  brandId = await insertBrand(ctx.db);
  const t = Date.UTC(2026, 0, 10);
  const rows: [string, number][] = [
    ['SORT-B200', t],
    ['SORT-A100', t],
    ['SORT-C300', t + 1000],
    ['SORT-A050', t - 1000],
    ['SORT-D001', t + 2000],
  ];
  for (const [number, updatedAt] of rows) {
    const p = await insertProduct(ctx.db, { brandId, number, updatedAt });
    products.push({ id: p.id, number, updatedAt });
  }
});
afterAll(async () => ctx.close());

const list = (sort?: string) =>
  pagedIds(
    ctx,
    auth(operator),
    `/manage/v1/products?brandId=${brandId}${sort ? `&sort=${sort}` : ''}`,
  );

describe('sorting the product list', () => {
  it('orders by 更新时间 either way, last changed first by default, ties by id', async () => {
    const byTime = products.map((p) => ({ id: p.id, value: p.updatedAt }));
    expect(await list()).toEqual(expectedOrder(byTime, true));
    expect(await list('-updateTime')).toEqual(expectedOrder(byTime, true));
    expect(await list('updateTime')).toEqual(expectedOrder(byTime, false));
  });

  it('orders by 货号 either way', async () => {
    const byNumber = products.map((p) => ({ id: p.id, value: p.number }));
    expect(await list('number')).toEqual(expectedOrder(byNumber, false));
    expect(await list('-number')).toEqual(expectedOrder(byNumber, true));
  });

  it('refuses a sort it does not offer', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/products?sort=name',
      headers: auth(operator),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('排序方式有误');
  });
});
