import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertBrand, insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { rebuildSearchIndex } from '../search/index.ts';

/**
 * With the catalogue cache on (as in production), a category or brand the staff write is what
 * the storefront shows next: the navigation and the search's brand list are cached answers.
 */
let ctx: TestContext;
let operator: StaffMember;

const staffCall = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: operator.token },
    ...(payload ? { payload } : {}),
  });

async function navigation() {
  const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/categories/children?pid=0' });
  return body<Array<{ id: number; title: string; url: string }>>(res).data;
}

async function brandsFor(key: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products/brands',
    payload: { key },
  });
  return body<Array<{ name: string }>>(res).data.map((b) => b.name);
}

beforeAll(async () => {
  ctx = await createTestContext({ CATALOGUE_CACHE: '1' });
  operator = await createStaff(ctx.db, ['operator']);
  const brandId = await insertBrand(ctx.db, { name: 'Yifanglab', sort: 1 });
  await insertProduct(ctx.db, { name: '乙腈', nameEn: 'Acetonitrile', brandId });
  await rebuildSearchIndex(ctx.db);
});
afterAll(() => ctx.close());

describe('taxonomy writes reach cached storefront answers', () => {
  it('a new top-level category shows in the navigation at once; so do its url and order', async () => {
    expect(await navigation()).toEqual([]);
    const first = body<{ id: number }>(
      await staffCall('POST', '/manage/v1/categories', { title: '标准物质', sort: 20 }),
    ).data.id;
    await staffCall('POST', '/manage/v1/categories', { title: '实验耗材', sort: 10 });
    expect((await navigation()).map((c) => c.title)).toEqual(['实验耗材', '标准物质']);

    const edit = await staffCall('PUT', `/manage/v1/categories/${first}`, {
      title: '标准物质',
      url: '/products',
      sort: 0,
    });
    expect(edit.statusCode).toBe(200);
    const nav = await navigation();
    expect(nav.map((c) => [c.title, c.url])).toEqual([
      ['标准物质', '/products'],
      ['实验耗材', ''],
    ]);
  });

  it('a renamed brand is what the search brand list shows next', async () => {
    expect(await brandsFor('乙腈')).toEqual(['Yifanglab']);
    const [brand] = await ctx.db.selectFrom('brands').select('id').execute();
    const res = await staffCall('PUT', `/manage/v1/brands/${brand!.id}`, { name: '一方', sort: 1 });
    expect(res.statusCode).toBe(200);
    expect(await brandsFor('乙腈')).toEqual(['一方']);
  });
});
