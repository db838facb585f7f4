import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@labshop/shared';
import type { MemberDetail, MemberRecord } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  createMember,
  encryptPassword,
  uniqueIp,
  DEFAULT_MEMBER_PASSWORD,
} from '../../../test/fixtures/account.ts';
import { auth } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';

let ctx: TestContext;
let finance: StaffMember;
let operator: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext();
  finance = await createStaff(ctx.db, ['finance']);
  operator = await createStaff(ctx.db, ['operator']);
});
afterAll(async () => ctx.close());

const balanceOf = async (id: number) =>
  (
    await ctx.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).balance;
const adjust = (staff: StaffMember, id: number, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/members/${id}/balance`,
    headers: auth(staff),
    payload,
  });

describe('member search and detail', () => {
  it('finds members by phone, email, name or company', async () => {
    const m = await createMember(ctx, { name: '赵六' });
    await ctx.db
      .updateTable('users')
      .set({ company: '华东检测研究院', email: 'zhao6@example.com' })
      .where('id', '=', m.userId)
      .execute();
    for (const key of [m.account.slice(0, 7), 'zhao6@', '赵六', '华东检测']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/members?key=${encodeURIComponent(key)}`,
        headers: auth(operator),
      });
      const records = body<{ records: MemberRecord[] }>(res).data.records;
      expect(
        records.map((r) => r.id),
        key,
      ).toContain(m.userId);
      expect(records.find((r) => r.id === m.userId)).toMatchObject({
        account: m.account,
        phone: m.account,
        name: '赵六',
        company: '华东检测研究院',
        balance: 0,
      });
    }
  });
});

describe('balance adjustment', () => {
  it('adds and takes away with ledger rows, never below zero', async () => {
    const m = await createMember(ctx, { balanceFen: 10_000 });
    const up = await adjust(finance, m.userId, { amount: 50.5, remark: '线下充值' });
    expect(up.statusCode, up.body).toBe(200);
    expect(body<{ balance: number }>(up).data.balance).toBe(150.5);
    const down = await adjust(finance, m.userId, { amount: -150.5, remark: '退回' });
    expect(down.statusCode).toBe(200);
    expect(await balanceOf(m.userId)).toBe(0);
    const below = await adjust(finance, m.userId, { amount: -0.01, remark: '超额' });
    expect(below.statusCode).toBe(400);
    expect(body(below).msg).toBe('调整后余额不能小于 0');
    expect(body(await adjust(finance, m.userId, { amount: 1 })).msg).toBe('请输入调整原因');
    expect(body(await adjust(finance, m.userId, { amount: 0, remark: 'x' })).msg).toBe(
      '调整金额不能为 0',
    );
    expect((await adjust(operator, m.userId, { amount: 1, remark: 'x' })).statusCode).toBe(403);

    const ledger = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/user/finance?business=1',
      headers: auth(m),
    });
    expect(body<{ records: object[] }>(ledger).data.records).toMatchObject([
      { type: 2, business: 1, amount: 150.5, remark: '退回' },
      { type: 1, business: 1, amount: 50.5, remark: '线下充值' },
    ]);
    const detail = body<MemberDetail>(
      await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/members/${m.userId}`,
        headers: auth(finance),
      }),
    ).data;
    expect(detail.ledger).toHaveLength(2);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select('action')
      .where('target', '=', `member:${m.userId}`)
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('never goes below zero under concurrent debits', async () => {
    const m = await createMember(ctx, { balanceFen: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        adjust(finance, m.userId, { amount: -30, remark: '并发扣减' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await balanceOf(m.userId)).toBe(1_000);
  });
});

describe('retries', () => {
  it('applies a retried adjustment with the same Idempotency-Key once', async () => {
    const m = await createMember(ctx, { balanceFen: 0 });
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/members/${m.userId}/balance`,
        headers: { ...auth(finance), 'idempotency-key': 'adjust-once-1' },
        payload: { amount: 20, remark: '重试' },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(m.userId)).toBe(2_000);
  });
});

describe('disable and enable', () => {
  it('ends the sessions at once and refuses logins until enabled', async () => {
    const m = await createMember(ctx);
    const put = (disabled: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/manage/v1/members/${m.userId}/status`,
        headers: auth(operator),
        payload: { disabled },
      });
    expect((await put(true)).statusCode).toBe(200);
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/user/info',
      headers: auth(m),
    });
    expect(info.statusCode).toBe(401);
    expect(body(info).code).toBe(ResultCode.TOKEN_INVALID);
    const login = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/client/v1/user/account-access',
        payload: {
          account: m.account,
          password: await encryptPassword(ctx.app, DEFAULT_MEMBER_PASSWORD),
        },
        remoteAddress: uniqueIp(),
      });
    expect(body(await login()).msg).toBe('账号已停用，请联系客服');
    expect((await put(false)).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });
});
