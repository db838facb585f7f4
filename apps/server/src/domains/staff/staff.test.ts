import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@labshop/shared';
import type { StaffLoginResult } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, encryptPassword, uniqueIp } from '../../../test/fixtures/account.ts';
import { createStaff } from '../../../test/fixtures/manage.ts';
import { seedDemoStaff } from './staff-accounts.service.ts';
import { STAFF_IDLE_MS } from './staff.rules.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoStaff(ctx.db);
});
afterAll(async () => ctx.close());

const enc = (plain: string) => encryptPassword(ctx.app, plain);
async function login(account: string, password: string, ip = uniqueIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/staff/access',
    payload: { account, password: await enc(password) },
    remoteAddress: ip,
  });
}
const me = (token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/manage/v1/staff/me',
    headers: token ? { authorization: token } : {},
  });

describe('staff login', () => {
  it('logs the demo staff in with their roles', async () => {
    const cases: [string, string, string[]][] = [
      ['admin', 'Admin#123456', ['admin', 'operator', 'warehouse', 'finance']],
      ['warehouse', 'Ware#123456', ['warehouse']],
      ['finance', 'Fin#123456', ['finance']],
      ['finance2', 'Fin2#123456', ['finance']],
      ['operator', 'Oper#123456', ['operator']],
    ];
    for (const [account, password, roles] of cases) {
      const res = await login(account, password);
      expect(res.statusCode, account).toBe(200);
      const data = body<StaffLoginResult>(res).data;
      expect(data).toMatchObject({ account, roles });
      expect(data.exp).toBeGreaterThan(Date.now());
      const who = await me(data.token);
      expect(body<{ account: string }>(who).data.account).toBe(account);
    }
  });

  it('seeds the demo staff once', async () => {
    await seedDemoStaff(ctx.db);
    const rows = await ctx.db
      .selectFrom('staff')
      .select('account')
      .where('account', '=', 'admin')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong password in Chinese and limits failures per account and address', async () => {
    const ip = uniqueIp();
    const wrong = await login('finance', 'Nope#123456', ip);
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).msg).toBe('账号或密码错误');
    for (let i = 0; i < 4; i++) await login('finance', 'Nope#123456', ip);
    const limited = await login('finance', 'Fin#123456', ip);
    expect(limited.statusCode).toBe(429);
    expect(body(limited).msg).toBe('操作过于频繁，请稍后再试');
    // The staff member's own address is not locked out by someone else's guessing.
    expect((await login('finance', 'Fin#123456')).statusCode).toBe(200);
  });

  it('refuses a password that is not RSA ciphertext', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/staff/access',
      payload: { account: 'admin', password: 'Admin#123456' },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('staff tokens', () => {
  it('answers 600 without a token and 601 for a member token', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(body(none).code).toBe(ResultCode.TOKEN_MISSING);
    const member = await createMember(ctx);
    const res = await me(member.token);
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(ResultCode.TOKEN_INVALID);
  });

  it('never lets a staff token act as a member', async () => {
    const staff = await createStaff(ctx.db, ['admin']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/user/info',
      headers: { authorization: staff.token },
    });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(ResultCode.TOKEN_INVALID);
  });

  it('expires a session idle too long (602) and keeps an active one alive', async () => {
    const staff = await createStaff(ctx.db, ['finance']);
    // Used 20 minutes after its last request: still good, and the deadline moves on.
    await ctx.db
      .updateTable('staffSessions')
      .set({ expiresAt: Date.now() + STAFF_IDLE_MS - 20 * 60_000 })
      .where('staffId', '=', staff.id)
      .execute();
    expect((await me(staff.token)).statusCode).toBe(200);
    const touched = await ctx.db
      .selectFrom('staffSessions')
      .select('expiresAt')
      .where('staffId', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(touched.expiresAt).toBeGreaterThan(Date.now() + STAFF_IDLE_MS - 60_000);

    await ctx.db
      .updateTable('staffSessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('staffId', '=', staff.id)
      .execute();
    const res = await me(staff.token);
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(ResultCode.TOKEN_EXPIRED);
  });

  it('ends the session on logout', async () => {
    const staff = await createStaff(ctx.db, ['warehouse']);
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/manage/v1/staff/access',
      headers: { authorization: staff.token },
    });
    expect(body(out).msg).toBe('退出成功');
    expect(body(await me(staff.token)).code).toBe(ResultCode.TOKEN_INVALID);
  });

  it('answers 403/603 to staff without the permission', async () => {
    const staff = await createStaff(ctx.db, ['warehouse']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/staff',
      headers: { authorization: staff.token },
    });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(ResultCode.FORBIDDEN);
  });

  it('checks the token and the permission before the body', async () => {
    // Every field of this body is wrong: only staff allowed to create staff may learn how.
    const create = (authorization?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/staff',
        headers: authorization ? { authorization } : {},
        payload: { account: '', roles: ['nobody'], password: 42, extra: true },
      });
    const answer = (res: Awaited<ReturnType<typeof create>>) => [res.statusCode, body(res).code];
    expect(answer(await create())).toEqual([401, ResultCode.TOKEN_MISSING]);
    expect(answer(await create((await createMember(ctx)).token))).toEqual([
      401,
      ResultCode.TOKEN_INVALID,
    ]);
    const clerk = await createStaff(ctx.db, ['operator']);
    expect(answer(await create(clerk.token))).toEqual([403, ResultCode.FORBIDDEN]);
    const admin = await createStaff(ctx.db, ['admin']);
    expect(answer(await create(admin.token))).toEqual([400, ResultCode.ERROR]);
  });
});

describe('staff management', () => {
  it('creates, changes, disables staff and resets passwords, with audit rows', async () => {
    const admin = await createStaff(ctx.db, ['admin']);
    const headers = { authorization: admin.token };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/staff',
      headers,
      payload: {
        account: 'Clerk1',
        name: '文员',
        roles: ['operator'],
        password: await enc('Clerk#123456'),
      },
    });
    expect(created.statusCode).toBe(200);
    const id = body<{ id: number }>(created).data.id;
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/staff',
      headers,
      payload: {
        account: 'clerk1',
        name: '文员',
        roles: ['operator'],
        password: await enc('Clerk#123456'),
      },
    });
    expect(dup.statusCode).toBe(400);
    expect(body(dup).msg).toBe('账号已存在');

    const session = body<StaffLoginResult>(await login('clerk1', 'Clerk#123456')).data;
    expect(session.roles).toEqual(['operator']);

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/staff/${id}`,
      headers,
      payload: { name: '文员甲', roles: ['operator', 'finance'], disabled: true },
    });
    expect(changed.statusCode).toBe(200);
    // Disabled: the open session ends at once and logins are refused.
    expect(body(await me(session.token)).code).toBe(ResultCode.TOKEN_INVALID);
    expect(body(await login('clerk1', 'Clerk#123456')).msg).toBe('账号已停用');

    await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/staff/${id}`,
      headers,
      payload: { name: '文员甲', roles: ['operator', 'finance'], disabled: false },
    });
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/staff/${id}/password`,
      headers,
      payload: { password: await enc('Other#123456') },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('clerk1', 'Clerk#123456')).statusCode).toBe(400);
    expect(body<StaffLoginResult>(await login('clerk1', 'Other#123456')).data.roles).toEqual([
      'operator',
      'finance',
    ]);

    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/audit?target=staff:${id}`,
      headers,
    });
    const records = body<{ records: { action: string; staff: string }[] }>(audit).data.records;
    expect(records.map((r) => r.action).sort()).toEqual([
      'staff.create',
      'staff.password',
      'staff.update',
      'staff.update',
    ]);
    expect(records[0]?.staff).toContain(admin.account);
  });

  it('refuses to disable oneself', async () => {
    const admin = await createStaff(ctx.db, ['admin']);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/staff/${admin.id}`,
      headers: { authorization: admin.token },
      payload: { name: 'x', roles: ['admin'], disabled: true },
    });
    expect(res.statusCode).toBe(400);
  });
});
