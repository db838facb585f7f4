import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';

let ctx: TestContext;
let operator: StaffMember;
const as = () => ({ authorization: operator.token });

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
});
afterAll(() => ctx.close());

describe('content', () => {
  it('saves an article sanitized; unpublished it leaves the storefront', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/contents',
      headers: as(),
      payload: {
        model: 'article',
        slug: 'about',
        title: '关于我们',
        info: '<h2>公司简介</h2><p onclick="x()">标准物质<script>alert(1)</script></p><table><tbody><tr><td>电话</td></tr></tbody></table><a href="javascript:alert(1)">链接</a><img src="https://example.com/a.png">',
      },
    });
    expect(res.statusCode).toBe(200);
    const shown = body<{ info: string; title: string }>(
      await ctx.app.inject({ method: 'GET', url: '/client/v1/contents/about' }),
    );
    expect(shown.data.title).toBe('关于我们');
    expect(shown.data.info).toContain('<h2>公司简介</h2>');
    expect(shown.data.info).toContain('<table>');
    expect(shown.data.info).toContain('<img src="https://example.com/a.png" />');
    expect(shown.data.info).not.toMatch(/script|onclick|javascript/);

    const id = body<{ id: number }>(res).data.id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/contents/${id}/published`,
      headers: as(),
      payload: { published: false },
    });
    const hidden = await ctx.app.inject({ method: 'GET', url: '/client/v1/contents/about' });
    expect(hidden.statusCode).toBe(404);
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/contents',
      headers: as(),
      payload: { model: 'article', slug: 'about', title: '重复' },
    });
    expect(body(dup).msg).toContain('标识已被使用');
  });

  it('edits the home banners: the storefront shows published ones in order', async () => {
    const add = (title: string, sort: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/links',
        headers: as(),
        payload: {
          cid: 'yifanglabbanner',
          title,
          img: `/files/banners/${sort}.svg`,
          url: '/',
          sort,
        },
      });
    const second = body<{ id: number }>(await add('第二张', 2)).data.id;
    await add('第一张', 1);
    const banners = async () =>
      body<Array<{ title: string }>>(
        await ctx.app.inject({ method: 'GET', url: '/client/v1/links?cid=yifanglabbanner' }),
      ).data.map((b) => b.title);
    const before = await banners();
    expect(before).toEqual(['第一张', '第二张']);
    await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/links/${second}/published`,
      headers: as(),
      payload: { published: false },
    });
    expect(await banners()).toEqual(['第一张']);
  });

  // Company and bank details are money routing: money-routing.test.ts.
  it('saves hot search keys', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/manage/v1/search-keys',
      headers: as(),
      payload: { keywords: ['甲醇', '农药'] },
    });
    const keys = body<Array<{ keyword: string }>>(
      await ctx.app.inject({ method: 'GET', url: '/client/v1/products/search-keys' }),
    ).data;
    expect(keys.map((k) => k.keyword)).toEqual(['甲醇', '农药']);
  });
});

describe('the footer licence numbers', () => {
  const company = async () =>
    body<{ hazardLicence: string; precursorRecord: string }>(
      await ctx.app.inject({ method: 'GET', url: '/client/v1/system/company' }),
    ).data;
  const save = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/manage/v1/settings/licences', headers, payload });

  it('are saved by content staff at once, audited, and shown to the storefront', async () => {
    const value = {
      hazardLicence: '京应急危化经字〔2025〕000123号',
      precursorRecord: '（京）3J11010000001',
    };
    const res = await save(as(), value);
    expect(res.statusCode, res.body).toBe(200);
    expect(await company()).toMatchObject(value);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/settings/licences',
      headers: as(),
    });
    expect(body(read).data).toEqual(value);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select(['staffId', 'after'])
      .where('action', '=', 'setting.licences')
      .execute();
    expect(audit).toEqual([{ staffId: operator.id, after: JSON.stringify(value) }]);
  });

  it('refuse a number that is too long, and staff without the content permission', async () => {
    const long = await save(as(), { hazardLicence: '京'.repeat(201), precursorRecord: '' });
    expect(long.statusCode).toBe(400);
    expect(body(long).msg).toBe('许可证信息不能超过 200 字');
    const warehouse = await createStaff(ctx.db, ['warehouse']);
    const refused = await save(
      { authorization: warehouse.token },
      { hazardLicence: '', precursorRecord: '' },
    );
    expect(refused.statusCode).toBe(403);
    expect((await company()).precursorRecord).toBe('（京）3J11010000001');
  });
});
