import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  CategoryDetail,
  HistoryItem,
  ProductCard,
  ProductDetail,
} from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import {
  insertBrand,
  insertCategory,
  insertProduct,
  insertRelation,
  insertSearchKey,
  insertStore,
} from '../../../test/fixtures/catalogue.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { HISTORY_KEEP } from './catalogue.repository.ts';

interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}

let ctx: TestContext;
let member: Member;
const auth = (m: Member) => ({ authorization: `Bearer ${m.token}` });

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
});
afterAll(async () => ctx.close());

describe('categories', () => {
  let drug: number;
  let food: number;
  let child: number;

  beforeAll(async () => {
    food = await insertCategory(ctx.db, {
      title: '食品检测',
      sort: 2,
      url: '/food',
      model: 'product',
    });
    drug = await insertCategory(ctx.db, {
      title: '药品',
      sort: 1,
      summary: '药品标准',
      images: '["/d.png"]',
    });
    await insertCategory(ctx.db, { title: '同序在后', sort: 2 });
    child = await insertCategory(ctx.db, {
      pid: drug,
      title: '中药',
      summary: '中药标准品',
      images: '["/a.png","/b.png"]',
      sort: 5,
    });
    await insertCategory(ctx.db, { pid: drug, title: '化药', images: 'broken', sort: 1 });
  });

  it('lists the top level by sort then id when pid is left out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/categories/children' });
    expect(res.statusCode).toBe(200);
    const data = body<Category[]>(res).data;
    expect(data.map((c) => c.title)).toEqual(['药品', '食品检测', '同序在后']);
    expect(data[1]).toEqual({
      id: food,
      pid: 0,
      title: '食品检测',
      url: '/food',
      model: 'product',
    });
  });

  it('lists the children of a parent', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/categories/children?pid=${drug}`,
    });
    expect(body<Category[]>(res).data.map((c) => c.title)).toEqual(['化药', '中药']);
  });

  it('answers an empty list for a parent without children', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/categories/children?pid=${child}`,
    });
    expect(body(res)).toMatchObject({ code: 0, data: [] });
  });

  it.each(['-1', 'abc', '1.5', "1' OR 1=1 --"])('refuses pid %s', async (pid) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/categories/children?pid=${encodeURIComponent(pid)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg: '上级分类有误', data: null });
  });

  it('answers a category with its children as classification items', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/client/v1/categories/${drug}` });
    expect(res.statusCode).toBe(200);
    const data = body<CategoryDetail>(res).data;
    expect(data).toMatchObject({
      id: drug,
      pid: 0,
      title: '药品',
      summary: '药品标准',
      images: ['/d.png'],
    });
    expect(data.children).toEqual([
      expect.objectContaining({ title: '化药', images: [] }),
      { id: child, title: '中药', summary: '中药标准品', images: ['/a.png', '/b.png'] },
    ]);
  });

  it('answers the basic fields of a category', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/categories/${child}/basic`,
    });
    expect(body(res).data).toEqual({ id: child, pid: drug, title: '中药', url: '', model: '' });
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    for (const url of ['/client/v1/categories/999999', '/client/v1/categories/999999/basic']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ code: 1, msg: '分类不存在', data: null });
    }
    for (const url of ['/client/v1/categories/abc', '/client/v1/categories/0/basic']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 1, msg: 'ID 有误' });
    }
  });
});

describe('POST /client/v1/products/part', () => {
  const t0 = Date.UTC(2026, 0, 1);
  let hot: number[];
  let newest: number[];
  let materialId: number;
  let storeId: number;

  beforeAll(async () => {
    const brandId = await insertBrand(ctx.db, { name: '坛墨' });
    storeId = await insertStore(ctx.db, { name: '天津仓' });
    const h3 = await insertProduct(ctx.db, { isHot: 1, sort: 3 });
    const h1 = await insertProduct(ctx.db, {
      isHot: 1,
      sort: 1,
      brandId,
      materials: [{ pack: '1mL', price: 12345, userPrice: 9900, stocks: { [storeId]: 7 } }],
    });
    const h1b = await insertProduct(ctx.db, { isHot: 1, sort: 1 });
    await insertProduct(ctx.db, { isHot: 0, isNew: 0 });
    hot = [h1.id, h1b.id, h3.id];
    materialId = h1.materialIds[0]!;
    const nOld = await insertProduct(ctx.db, { isNew: 1, createdAt: t0 });
    const nNew = await insertProduct(ctx.db, { isNew: 1, createdAt: t0 + 1000 });
    const nSame = await insertProduct(ctx.db, { isNew: 1, createdAt: t0 + 1000 });
    newest = [nSame.id, nNew.id, nOld.id];
  });

  const part = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products/part',
      payload: payload as object,
      headers,
    });

  it('pages hot products by sort then id', async () => {
    const first = body<Paged<ProductCard>>(await part({ tag: 'hot', page: 1, size: 2 })).data;
    expect(first).toMatchObject({ current: 1, size: 2, total: 3 });
    expect(first.records.map((r) => r.id)).toEqual(hot.slice(0, 2));
    const second = body<Paged<ProductCard>>(await part({ tag: 'hot', page: 2, size: 2 })).data;
    expect(second.records.map((r) => r.id)).toEqual(hot.slice(2));
  });

  it('lists new products newest first', async () => {
    const data = body<Paged<ProductCard>>(await part({ tag: 'new' })).data;
    expect(data).toMatchObject({ current: 1, size: 20, total: 3 });
    expect(data.records.map((r) => r.id)).toEqual(newest);
  });

  it('hides member prices from visitors and from invalid tokens', async () => {
    const visitors: Record<string, string>[] = [{}, { authorization: 'Bearer nonsense' }];
    for (const headers of visitors) {
      const data = body<Paged<ProductCard>>(await part({ tag: 'hot', size: 1 }, headers)).data;
      expect(data.records[0]!.materials[0]).toEqual({
        id: materialId,
        pack: '1mL',
        price: 123.45,
        userPrice: null,
        stocks: [{ storeId, storeName: '天津仓', materialCount: 7 }],
        // Stock of unknown lot (未分批): the page says 以实物为准.
        expire: null,
        expectedShipDate: null,
        outOfStock: false,
      });
      expect(data.records[0]!.brandName).toBe('坛墨');
    }
  });

  it('shows member prices to members', async () => {
    const data = body<Paged<ProductCard>>(await part({ tag: 'hot', size: 1 }, auth(member))).data;
    expect(data.records[0]!.materials[0]).toMatchObject({ price: 123.45, userPrice: 99 });
  });

  it.each([
    [{ tag: 'cold' }, '标签有误'],
    [{}, '标签有误'],
    [{ tag: 'hot', size: 0 }, '每页条数有误'],
    [{ tag: 'hot', size: 101 }, '每页条数有误'],
    [{ tag: 'hot', page: -1 }, '页码有误'],
    [{ tag: 'hot', page: "1' OR 1=1 --" }, '页码有误'],
  ])('refuses %j', async (payload, msg) => {
    const res = await part(payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg, data: null });
  });

  it('refuses malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products/part',
      headers: { 'content-type': 'application/json' },
      payload: '{"tag":',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(1);
  });
});

describe('GET /client/v1/products/search-keys', () => {
  it('lists hot search keys by sort', async () => {
    await insertSearchKey(ctx.db, '甲醇', 2);
    await insertSearchKey(ctx.db, '农残', 1);
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/products/search-keys' });
    expect(body<{ keyword: string }[]>(res).data.map((k) => k.keyword)).toEqual(['农残', '甲醇']);
  });
});

describe('product detail and browsing history', () => {
  let productId: number;
  let categoryId: number;
  let related: number[];

  beforeAll(async () => {
    categoryId = await insertCategory(ctx.db, { title: '农药残留' });
    const r1 = await insertProduct(ctx.db, {
      name: '乙酰甲胺磷',
      number: 'R-1',
      cas: '30560-19-1',
      image: '/r1.png',
    });
    const r2 = await insertProduct(ctx.db, { name: '敌敌畏', number: 'R-2', cas: '62-73-7' });
    const p = await insertProduct(ctx.db, {
      categoryId,
      name: '毒死蜱',
      synonyms: 'Chlorpyrifos',
      images: '["/1.png","/2.png"]',
      mdl: 'MFCD00041793',
      attributes: '{"纯度":"99%"}',
      summary: '毒死蜱标准品',
      materials: [{ pack: '100mg', price: 30000, userPrice: 25000 }],
    });
    productId = p.id;
    await insertRelation(ctx.db, productId, r2.id, 2);
    await insertRelation(ctx.db, productId, r1.id, 1);
    related = [r1.id, r2.id];
  });

  const detail = (id: number | string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}`, headers });
  const history = (m: Member, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/client/v1/products/history${query}`, headers: auth(m) });

  it('answers the product with parsed images, category title and related products', async () => {
    const res = await detail(productId);
    expect(res.statusCode).toBe(200);
    const data = body<ProductDetail>(res).data;
    expect(data).toMatchObject({
      id: productId,
      name: '毒死蜱',
      synonyms: 'Chlorpyrifos',
      images: ['/1.png', '/2.png'],
      mdl: 'MFCD00041793',
      attributes: '{"纯度":"99%"}',
      summary: '毒死蜱标准品',
      categoryId,
      categoryTitle: '农药残留',
    });
    expect(data.relationItems).toEqual([
      { id: related[0], name: '乙酰甲胺磷', number: 'R-1', cas: '30560-19-1', image: '/r1.png' },
      { id: related[1], name: '敌敌畏', number: 'R-2', cas: '62-73-7', image: '' },
    ]);
    expect(data.materials[0]).toMatchObject({ pack: '100mg', price: 300, userPrice: null });
  });

  it('does not record history for visitors', async () => {
    await detail(productId);
    const rows = await ctx.db.selectFrom('browseHistory').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('shows member prices and records the view for members, newest first without duplicates', async () => {
    const viewer = await createMember(ctx);
    const res = await detail(productId, auth(viewer));
    expect(body<ProductDetail>(res).data.materials[0]).toMatchObject({ userPrice: 250 });
    await detail(related[0]!, auth(viewer));
    await detail(productId, auth(viewer));
    const items = body<HistoryItem[]>(await history(viewer)).data;
    expect(items.map((i) => i.id)).toEqual([productId, related[0]]);
    expect(items[0]).toMatchObject({
      name: '毒死蜱',
      number: expect.stringMatching(/^TEST-/) as string,
    });
    expect(typeof items[0]!.viewedAt).toBe('number');
    expect(items[0]!.viewedAt).toBeGreaterThanOrEqual(items[1]!.viewedAt);

    const limited = body<HistoryItem[]>(await history(viewer, '?size=1')).data;
    expect(limited.map((i) => i.id)).toEqual([productId]);
  });

  it('keeps the page for one catalogue version, for members too', async () => {
    const viewer = await createMember(ctx);
    const p = await insertProduct(ctx.db, {
      name: '氟虫腈',
      materials: [{ pack: '10mg', price: 20000, userPrice: 15000 }],
    });
    const userPrice = async () =>
      body<ProductDetail>(await detail(p.id, auth(viewer))).data.materials[0]!.userPrice;
    expect(await userPrice()).toBe(150);
    await ctx.db
      .updateTable('materials')
      .set({ userPrice: 14000 })
      .where('id', '=', p.materialIds[0]!)
      .execute();
    // Not seen until the catalogue version moves, as every catalogue write moves it.
    expect(await userPrice()).toBe(150);
    await bumpCatalogueVersion(ctx.db);
    expect(await userPrice()).toBe(140);
    // The member's read is kept; a visitor served from it gets no member price.
    expect(body<ProductDetail>(await detail(p.id)).data.materials[0]!.userPrice).toBeNull();
  });

  it('keeps each member history apart', async () => {
    const other = await createMember(ctx);
    expect(body(await history(other))).toMatchObject({ code: 0, data: [] });
  });

  it('answers the newest 8 views by default', async () => {
    const viewer = await createMember(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const p = await insertProduct(ctx.db);
      ids.push(p.id);
      await ctx.db
        .insertInto('browseHistory')
        .values({ userId: viewer.userId, productId: p.id, viewedAt: 1000 + i })
        .execute();
    }
    const items = body<HistoryItem[]>(await history(viewer)).data;
    expect(items.map((i) => i.id)).toEqual(ids.slice(2).reverse());
  });

  it('keeps only the newest views of a member', async () => {
    const viewer = await createMember(ctx);
    const rows = Array.from({ length: HISTORY_KEEP + 5 }, (_, i) => ({
      userId: viewer.userId,
      productId: 500_000 + i,
      viewedAt: 1000 + i,
    }));
    await ctx.db.insertInto('browseHistory').values(rows).execute();
    await detail(productId, auth(viewer));
    const kept = await ctx.db
      .selectFrom('browseHistory')
      .select(['productId'])
      .where('userId', '=', viewer.userId)
      .orderBy('viewedAt', 'desc')
      .execute();
    expect(kept).toHaveLength(HISTORY_KEEP);
    expect(kept[0]!.productId).toBe(productId);
    expect(kept.at(-1)!.productId).toBe(500_006);
  });

  it('requires a member for history', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/products/history' });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(600);
  });

  it.each(['?size=0', '?size=21', '?size=abc'])('refuses history %s', async (query) => {
    const res = await history(member, query);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg: '条数有误' });
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const missing = await detail(999_999, auth(member));
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ code: 1, msg: '商品不存在', data: null });
    for (const id of ['abc', '0', '-3', encodeURIComponent("1' OR 1=1 --")]) {
      const res = await detail(id);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 1, msg: 'ID 有误' });
    }
    const rows = await ctx.db
      .selectFrom('browseHistory')
      .select('productId')
      .where('userId', '=', member.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});
