import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, ContentDetail, ContentItem, Link } from '@labshop/shared/schemas';
import { LITERATURE_ENABLE_LABEL } from '@labshop/shared';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertContent, insertLink, putSetting } from '../../../test/fixtures/catalogue.ts';

interface ContentList {
  records: ContentItem[];
  current: number;
  size: number;
  total: number;
  extra: { enable: Record<string, string> };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('GET /client/v1/system/company', () => {
  const get = async () =>
    body<Company>(await ctx.app.inject({ method: 'GET', url: '/client/v1/system/company' }));

  it('answers empty strings while the company is not set', async () => {
    expect((await get()).data).toEqual({
      name: '',
      tel: '',
      email: '',
      address: '',
      hazardLicence: '',
      precursorRecord: '',
    });
  });

  it('answers the company setting, filling missing fields with empty strings', async () => {
    await putSetting(ctx.db, 'company', {
      name: '一方实验室',
      tel: '400-185-8866',
      email: 'a@b.cn',
    });
    expect((await get()).data).toEqual({
      name: '一方实验室',
      tel: '400-185-8866',
      email: 'a@b.cn',
      address: '',
      hazardLicence: '',
      precursorRecord: '',
    });
  });
});

describe('GET /client/v1/links', () => {
  beforeAll(async () => {
    await insertLink(ctx.db, { cid: 'yifanglabbanner', title: 'B', img: '/b.jpg', sort: 2 });
    await insertLink(ctx.db, {
      cid: 'yifanglabbanner',
      title: 'A',
      img: '/a.jpg',
      url: 'https://a.cn',
      sort: 1,
    });
    await insertLink(ctx.db, { cid: 'other', title: 'X', sort: 0 });
  });

  it('lists one group by sort', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/links?cid=yifanglabbanner&size=1000',
    });
    const data = body<Link[]>(res).data;
    expect(data.map((l) => l.title)).toEqual(['A', 'B']);
    expect(data[0]).toMatchObject({ img: '/a.jpg', url: 'https://a.cn' });
  });

  it('limits the list to size', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/links?cid=yifanglabbanner&size=1',
    });
    expect(body<Link[]>(res).data.map((l) => l.title)).toEqual(['A']);
  });

  it('answers an empty list for an unknown group, injection text included', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/links?cid=${encodeURIComponent("x' OR 1=1 --")}`,
    });
    expect(body(res)).toMatchObject({ code: 0, data: [] });
  });

  it.each([
    ['', '请指定链接分组'],
    ['?cid=yifanglabbanner&size=1001', '条数有误'],
    ['?cid=yifanglabbanner&size=0', '条数有误'],
    [`?cid=${'a'.repeat(51)}`, '链接分组有误'],
  ])('refuses %s', async (query, msg) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/client/v1/links${query}` });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg });
  });
});

describe('contents', () => {
  const day = 86_400_000;
  const t0 = Date.UTC(2025, 0, 1);
  let topId: number;
  let oldId: number;
  let newId: number;
  let sortedId: number;
  let articleId: number;

  beforeAll(async () => {
    const lit = (title: string, extra: Parameters<typeof insertContent>[1] = {}) =>
      insertContent(ctx.db, {
        model: 'literature',
        cid: 7,
        title,
        info: '<p>正文</p>',
        attributes: {
          enable: '1',
          standard_number: 'GB 5009.1-2016',
          standard: '国家标准',
          publish_date: '2016-08-31',
          promulgate: '国家卫生和计划生育委员会',
        },
        ...extra,
      });
    oldId = await lit('食品中水分的测定', { createdAt: t0 });
    newId = await lit('Food Additive 100%_Pure', {
      createdAt: t0 + day,
      attributes: { enable: '0' },
    });
    sortedId = await lit('排序靠前', { sort: -1, createdAt: t0 });
    topId = await lit('置顶文献', { top: 1, sort: 9, createdAt: t0 });
    articleId = await insertContent(ctx.db, {
      model: 'page',
      slug: 'registerlogin',
      title: '注册登录',
      info: '<h1>注册</h1><script>alert(1)</script>',
    });
  });

  const list = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/client/v1/contents', payload: payload as object });

  it('lists top first, then by sort, then newest, with the enable option names', async () => {
    const res = await list({ model: 'literature', page: 1, size: 10 });
    expect(res.statusCode).toBe(200);
    const data = body<ContentList>(res).data;
    expect(data.records.map((r) => r.id)).toEqual([topId, sortedId, newId, oldId]);
    expect(data).toMatchObject({ current: 1, size: 10, total: 4 });
    expect(data.extra.enable).toEqual(LITERATURE_ENABLE_LABEL);
    expect(data.extra.enable['1']).toBe('现行有效');
    const old = data.records.find((r) => r.id === oldId)!;
    expect(old).toEqual({
      id: oldId,
      slug: null,
      model: 'literature',
      title: '食品中水分的测定',
      summary: '',
      top: 0,
      attributes: {
        enable: '1',
        standard_number: 'GB 5009.1-2016',
        standard: '国家标准',
        publish_date: '2016-08-31',
        promulgate: '国家卫生和计划生育委员会',
      },
      createTime: t0,
    });
  });

  it('pages the list', async () => {
    const data = body<ContentList>(await list({ model: 'literature', page: 2, size: 3 })).data;
    expect(data.records.map((r) => r.id)).toEqual([oldId]);
    expect(data.total).toBe(4);
  });

  it('filters by category and model', async () => {
    expect(body<ContentList>(await list({ cid: 7 })).data.total).toBe(4);
    expect(body<ContentList>(await list({ cid: 8 })).data.total).toBe(0);
    expect(body<ContentList>(await list({ model: 'page' })).data.records.map((r) => r.id)).toEqual([
      articleId,
    ]);
  });

  it('filters titles by key, ignoring case and treating % and _ literally', async () => {
    const ids = async (key: string) =>
      body<ContentList>(await list({ model: 'literature', key })).data.records.map((r) => r.id);
    expect(await ids('food additive')).toEqual([newId]);
    expect(await ids('水分')).toEqual([oldId]);
    expect(await ids('100%_p')).toEqual([newId]);
    expect(await ids('%')).toEqual([newId]);
    expect(await ids('_')).toEqual([newId]);
    expect(await ids("' OR 1=1 --")).toEqual([]);
    expect(await ids('  ')).toHaveLength(4);
  });

  it.each([
    [{ page: 0 }, '页码有误'],
    [{ size: 101 }, '每页条数有误'],
    [{ cid: 'abc' }, '栏目有误'],
    [{ key: 'k'.repeat(101) }, '搜索内容过长'],
    [{ model: 5 }, '内容类型有误'],
  ])('refuses %j', async (payload, msg) => {
    const res = await list(payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg });
  });

  it('answers a content item by numeric id with its HTML as authored', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/client/v1/contents/${oldId}` });
    const data = body<ContentDetail>(res).data;
    expect(data).toMatchObject({
      id: oldId,
      model: 'literature',
      title: '食品中水分的测定',
      info: '<p>正文</p>',
    });
    expect(data.attributes.enable).toBe('1');
    expect(data.extra.enable).toEqual(LITERATURE_ENABLE_LABEL);
  });

  it('answers a content item by slug', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/contents/registerlogin' });
    expect(res.statusCode).toBe(200);
    expect(body<ContentDetail>(res).data).toMatchObject({
      id: articleId,
      slug: 'registerlogin',
      model: 'page',
      title: '注册登录',
      info: '<h1>注册</h1><script>alert(1)</script>',
      attributes: {},
    });
  });

  it('answers 404 for unknown ids and slugs, 400 for malformed ones', async () => {
    for (const id of ['999999', 'privacy-policy']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/client/v1/contents/${id}` });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ code: 1, msg: '内容不存在', data: null });
    }
    for (const id of ["x' OR 1=1 --", '<script>', '1'.repeat(16), '-1']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/contents/${encodeURIComponent(id)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 1, msg: 'ID 有误' });
    }
  });
});
