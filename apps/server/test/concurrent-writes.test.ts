import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from './helpers.ts';
import { createMember, uniqueIp, type Member } from './fixtures/account.ts';
import { createStaff, type StaffMember } from './fixtures/manage.ts';
import { insertProduct, insertStore } from './fixtures/catalogue.ts';

/**
 * Identical writes sent at once. On PostgreSQL they run side by side, so each passes its
 * "already exists" check before another commits and the unique key decides; the answers must
 * be what the same requests one after another get: one success and the check's Chinese 400 for
 * the rest, or a success for each where a write may repeat. Never a 5xx (docs/api.md).
 */
const ctx: TestContext = await createTestContext();
const app = ctx.app;
const TIMES = 8;
let admin: StaffMember;
let member: Member;
let storeId: number;

beforeAll(async () => {
  admin = await createStaff(ctx.db, ['admin']);
  member = await createMember(ctx);
  storeId = await insertStore(ctx.db);
});

afterAll(() => ctx.close());

type Method = 'POST' | 'PUT';
interface Call {
  method: Method;
  url: string;
  payload: object;
  authorization?: string;
}

/** Sends the calls at once; answers "status msg" of each, sorted. */
async function atOnce(calls: Call[]): Promise<string[]> {
  const answers = await Promise.all(
    calls.map((c) =>
      app.inject({
        method: c.method,
        url: c.url,
        payload: c.payload,
        headers: { authorization: c.authorization ?? admin.token },
        remoteAddress: uniqueIp(),
      }),
    ),
  );
  return answers.map((r) => `${r.statusCode} ${body(r).msg}`).sort();
}

const same = (call: Call) => atOnce(Array.from({ length: TIMES }, () => call));
const oneThenRefused = (ok: string, refused: string) => [
  `200 ${ok}`,
  ...Array.from({ length: TIMES - 1 }, () => `400 ${refused}`),
];

const product = (number: string) => ({
  name: '甲醇',
  number,
  brandName: '并发品牌',
  materials: [{ pack: '1g', price: 10, userPrice: 8, stocks: [{ storeId, materialCount: 1 }] }],
});

describe('identical writes at once', () => {
  it('create one product of an item number; the others are told it exists', async () => {
    expect(
      await same({ method: 'POST', url: '/manage/v1/products', payload: product('RACE-1') }),
    ).toEqual(oneThenRefused('商品已创建', '货号已存在：RACE-1'));
    const rows = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('number', '=', 'RACE-1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('give one of several products a new item number', async () => {
    const ids = await Promise.all(
      Array.from(
        { length: TIMES },
        async (_, i) => (await insertProduct(ctx.db, { number: `OLD-${i}` })).id,
      ),
    );
    const answers = await atOnce(
      ids.map((id) => ({
        method: 'PUT' as const,
        url: `/manage/v1/products/${id}`,
        payload: product('RACE-2'),
      })),
    );
    expect(answers.filter((a) => a.startsWith('200 '))).toHaveLength(1);
    expect(answers.filter((a) => !a.startsWith('200 '))).toEqual(
      Array.from({ length: TIMES - 1 }, () => '400 货号已存在：RACE-2'),
    );
  });

  it('create one brand of a name', async () => {
    expect(
      await same({ method: 'POST', url: '/manage/v1/brands', payload: { name: '同名品牌' } }),
    ).toEqual(oneThenRefused('品牌已创建', '品牌已存在：同名品牌'));
  });

  it('create one page of a slug', async () => {
    const page = { model: 'page', title: '关于', slug: 'race-page', info: '<p>正文</p>' };
    expect(await same({ method: 'POST', url: '/manage/v1/contents', payload: page })).toEqual(
      oneThenRefused('内容已创建', '标识已被使用：race-page'),
    );
  });

  it('create one search synonym of a term', async () => {
    const synonym = { term: 'ipa', expansion: '异丙醇' };
    expect(
      await same({ method: 'POST', url: '/manage/v1/search-synonyms', payload: synonym }),
    ).toEqual(oneThenRefused('已添加', '搜索词已存在：ipa'));
  });

  it('keep one expansion of a term saved with different ones at once', async () => {
    const answers = await atOnce(
      Array.from({ length: TIMES }, (_, i) => ({
        method: 'POST' as const,
        url: '/manage/v1/search-synonyms',
        payload: { term: 'thf', expansion: `四氢呋喃${i}` },
      })),
    );
    expect(answers).toEqual(oneThenRefused('已添加', '搜索词已存在：thf'));
    const rows = await ctx.db
      .selectFrom('searchSynonyms')
      .select('expansion')
      .where('term', '=', 'thf')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("save a member's email settings each time", async () => {
    const settings = { email: [{ event: 'order-shipped', enabled: false }] };
    expect(
      await same({
        method: 'PUT',
        url: '/client/v1/user/notification-settings',
        payload: settings,
        authorization: member.token,
      }),
    ).toEqual(Array.from({ length: TIMES }, () => '200 保存成功'));
    const off = await ctx.db
      .selectFrom('notificationOptOuts')
      .select('event')
      .where('userId', '=', member.userId)
      .execute();
    expect(off).toEqual([{ event: 'order-shipped' }]);
  });
});
