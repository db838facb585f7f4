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
