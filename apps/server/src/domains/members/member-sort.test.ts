import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { auth } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { expectedOrder, pagedIds } from '../../../test/fixtures/sorting.ts';

let ctx: TestContext;
let finance: StaffMember;
const members: { id: number; createdAt: number; balance: number }[] = [];
const COMPANY = '排序测试研究所';

/** Members of one company, with ties in registration time and in balance. */
beforeAll(async () => {
  ctx = await createTestContext();
  finance = await createStaff(ctx.db, ['finance']);
  const t = Date.UTC(2026, 0, 10);
  const rows: [number, number][] = [
    [t, 5_000],
    [t, 0],
    [t + 1000, 5_000],
    [t - 1000, 12_345],
    [t + 2000, 0],
  ];
  for (const [createdAt, balance] of rows) {
    const m = await createMember(ctx, { balanceFen: balance });
    await ctx.db
      .updateTable('users')
      .set({ company: COMPANY, createdAt })
      .where('id', '=', m.userId)
      .execute();
    members.push({ id: m.userId, createdAt, balance });
  }
});
afterAll(async () => ctx.close());

const list = (sort?: string) =>
  pagedIds(
    ctx,
    auth(finance),
    `/manage/v1/members?key=${encodeURIComponent(COMPANY)}${sort ? `&sort=${sort}` : ''}`,
  );

describe('sorting the member list', () => {
  it('keeps the newest account first by default', async () => {
    expect(await list()).toEqual(members.map((m) => m.id).sort((a, b) => b - a));
  });

  it('orders by 注册时间 either way, ties by id', async () => {
    const byTime = members.map((m) => ({ id: m.id, value: m.createdAt }));
    expect(await list('createTime')).toEqual(expectedOrder(byTime, false));
    expect(await list('-createTime')).toEqual(expectedOrder(byTime, true));
  });

  it('orders by 余额 either way, ties by id', async () => {
    const byBalance = members.map((m) => ({ id: m.id, value: m.balance }));
    expect(await list('balance')).toEqual(expectedOrder(byBalance, false));
    expect(await list('-balance')).toEqual(expectedOrder(byBalance, true));
  });

  it('refuses a sort it does not offer', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/members?sort=-phone',
      headers: auth(finance),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('排序方式有误');
  });
});
