import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth } from '../../../test/fixtures/orders.ts';

/*
 * Double clicks and retries on the organization's creating calls (docs/api.md, "Idempotency";
 * docs/organizations.md): the same request sent twice at once, with one Idempotency-Key or with
 * none, makes one member, one budget, one address. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

const DAY = 86_400_000;

describe('organization retries', () => {
  let ctx: TestContext;
  let admin: Member;
  let invited: Member;
  let orgId: number;

  const send = (url: string, payload: object, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...auth(admin), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const twiceAtOnce = (url: string, payload: object, key?: string) =>
    Promise.all([send(url, payload, key), send(url, payload, key)]);
  const count = async (table: 'orgMembers' | 'orgBudgets' | 'orgAddresses') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('orgId', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createMember(ctx, { name: '王教授' });
    invited = await createMember(ctx, { name: '李同学' });
    const res = await send('/client/v1/orgs', { name: '某大学化学系王课题组' });
    orgId = body<{ id: number }>(res).data.id;
  });
  afterAll(() => ctx.close());

  it('adding a member twice at once, with one key, adds and tells them once and answers both alike', async () => {
    const url = `/client/v1/orgs/${orgId}/members`;
    const payload = { account: invited.account, role: 'buyer' };
    const answers = await twiceAtOnce(url, payload, 'member-add-0001');
    expect(answers.map((r) => [r.statusCode, body(r).msg])).toEqual([
      [200, '成员已添加'],
      [200, '成员已添加'],
    ]);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await count('orgMembers')).toBe(2);
    const told = await ctx.db
      .selectFrom('memberMessages')
      .select('id')
      .where('userId', '=', invited.userId)
      .execute();
    expect(told).toHaveLength(1);

    // Without a key the second is refused by the unique (organization, member) pair, once.
    await ctx.db
      .deleteFrom('orgMembers')
      .where('orgId', '=', orgId)
      .where('userId', '=', invited.userId)
      .execute();
    const bare = await twiceAtOnce(url, payload);
    expect(bare.map((r) => body(r).msg).sort()).toEqual(['成员已添加', '该成员已在单位中'].sort());
    expect(bare.every((r) => r.statusCode < 500)).toBe(true);
    expect(await count('orgMembers')).toBe(2);
  });

  it('creating a budget twice at once makes one: one key replays its id, no key is refused by its code', async () => {
    const url = `/client/v1/orgs/${orgId}/budgets`;
    const now = Date.now();
    const budget = (code: string) => ({
      code,
      name: '国家自然科学基金面上项目',
      amount: 20_000,
      validFrom: now - DAY,
      validUntil: now + 365 * DAY,
    });
    const keyed = await twiceAtOnce(url, budget('KY-2026-01'), 'budget-add-0001');
    expect(keyed.map((r) => r.statusCode)).toEqual([200, 200]);
    const ids = keyed.map((r) => body<{ id: number }>(r).data.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await count('orgBudgets')).toBe(1);

    const bare = await twiceAtOnce(url, budget('KY-2026-02'));
    expect(bare.map((r) => body(r).msg).sort()).toEqual(['经费卡号已存在', '经费卡已添加'].sort());
    expect(bare.every((r) => r.statusCode < 500)).toBe(true);
    expect(await count('orgBudgets')).toBe(2);
  });

  it('adding a shared address twice at once with one key stores it once', async () => {
    const address = {
      name: '张三',
      phone: '13912345678',
      region: JSON.stringify({
        province: { key: '110000', value: '北京市' },
        city: { key: '110100', value: '北京市' },
        area: { key: '110101', value: '东城区' },
      }),
      address: '化学楼 301',
    };
    const answers = await twiceAtOnce(
      `/client/v1/orgs/${orgId}/addresses`,
      address,
      'address-add-0001',
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const ids = answers.map((r) => body<{ id: number }>(r).data.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await count('orgAddresses')).toBe(1);
  });
});
