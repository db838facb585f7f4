import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD_MSG, ResultCode } from '@labshop/shared';
import type {
  StaffLoginAnswer,
  StaffLoginResult,
  StaffSecurity,
  StaffTwoFactorSetup,
} from '@labshop/shared/schemas';
import { buildApp, type App } from '../../app.ts';
import { hashPassword } from '../../lib/password.ts';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { encryptPassword, uniqueIp } from '../../../test/fixtures/account.ts';
import { createStaff, manageBases, type StaffMember } from '../../../test/fixtures/manage.ts';
import { isStaffGuard } from './staff-auth.plugin.ts';

/** A code of the authenticator app for the secret, `steps` 30-second steps from now. */
function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Waits for a fresh 30-second step when this one is about to end, so codes stay in the window. */
async function freshStep(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 6000) await new Promise((r) => setTimeout(r, left + 100));
}

function client(ctx: TestContext) {
  const enc = (plain: string) => encryptPassword(ctx.app, plain);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload } : {}),
      remoteAddress: uniqueIp(),
    });
  return {
    enc,
    call,
    login: async (account: string, password: string) =>
      call('POST', '/manage/v1/staff/access', undefined, {
        account,
        password: await enc(password),
      }),
    /** Staff with a real password, so they can log in. */
    staffWithPassword: async (roles: Parameters<typeof createStaff>[1], password: string) => {
      const staff = await createStaff(ctx.db, roles);
      await ctx.db
        .updateTable('staff')
        .set({ passwordHash: await hashPassword(password) })
        .where('id', '=', staff.id)
        .execute();
      return staff;
    },
    auditActions: async (staffId: number) =>
      (
        await ctx.db
          .selectFrom('auditLogs')
          .select('action')
          .where('target', '=', `staff:${staffId}`)
          .orderBy('id')
          .execute()
      ).map((r) => r.action),
    /** Sets up and confirms two-factor login; answers the secret and the recovery codes. */
    enrol: async (token: string) => {
      await freshStep();
      const setup = body<StaffTwoFactorSetup>(
        await call('POST', '/manage/v1/staff/me/two-factor/setup', token),
      ).data;
      // The code of the step before: the login that follows uses the current one.
      const res = await call('POST', '/manage/v1/staff/me/two-factor', token, {
        code: codeFor(setup.secret, -1),
      });
      expect(res.statusCode, res.body).toBe(200);
      return { secret: setup.secret, ...body<{ recoveryCodes: string[] }>(res).data };
    },
  };
}

describe('staff password policy', () => {
  let ctx: TestContext;
  let c: ReturnType<typeof client>;
  let admin: StaffMember;
  beforeAll(async () => {
    ctx = await createTestContext();
    c = client(ctx);
    admin = await createStaff(ctx.db, ['admin']);
  });
  afterAll(async () => ctx.close());

  const refusals: [string, string][] = [
    ['Ab#12345', '密码至少 10 位'],
    ['password123', '密码过于常见，容易被猜中，请换一个'],
    ['1234567890', '密码过于常见，容易被猜中，请换一个'],
    ['My-Clerk9-Pass!', '密码不能包含账号'],
    // Past the list, the strength estimator, with the bar of staff (docs/console.md).
    ['aaaaaaaaaa', PASSWORD_MSG.repeated],
    ['1111111111', PASSWORD_MSG.repeated],
    ['Aa1!Aa1!Aa', PASSWORD_MSG.repeated],
    ['abcdefghijk1', PASSWORD_MSG.sequence],
    ['Yifanglab#2026', PASSWORD_MSG.common],
    // Strong enough for a member, not for staff.
    ['Comp#123456', PASSWORD_MSG.common],
  ];

  it('refuses weak passwords when creating staff, in Chinese, and creates nothing', async () => {
    for (const [password, msg] of refusals) {
      const res = await c.call('POST', '/manage/v1/staff', admin.token, {
        account: 'clerk9',
        name: '文员',
        roles: ['operator'],
        password: await c.enc(password),
      });
      expect([res.statusCode, body(res).code, body(res).msg], password).toEqual([400, 1, msg]);
    }
    const rows = await ctx.db
      .selectFrom('staff')
      .select('id')
      .where('account', '=', 'clerk9')
      .execute();
    expect(rows).toEqual([]);
    const ok = await c.call('POST', '/manage/v1/staff', admin.token, {
      account: 'clerk9',
      name: '文员',
      roles: ['operator'],
      password: await c.enc('Tall-Cedar-42'),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses weak passwords on an admin reset and keeps the old one', async () => {
    const clerk = await c.staffWithPassword(['operator'], 'Tall-Cedar-42');
    for (const [password, msg] of [
      ...refusals.slice(0, 3),
      [`x${clerk.account.toUpperCase()}x-long-enough`, '密码不能包含账号'],
    ] as [string, string][]) {
      const res = await c.call('PUT', `/manage/v1/staff/${clerk.id}/password`, admin.token, {
        password: await c.enc(password),
      });
      expect([res.statusCode, body(res).msg], password).toEqual([400, msg]);
    }
    expect((await c.login(clerk.account, 'Tall-Cedar-42')).statusCode).toBe(200);
    expect(await c.auditActions(clerk.id)).toEqual([]);
  });
});

describe('changing one own password', () => {
  let ctx: TestContext;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    ctx = await createTestContext();
    c = client(ctx);
  });
  afterAll(async () => ctx.close());

  it('needs the current password, keeps this session, ends the others and is audited', async () => {
    const staff = await c.staffWithPassword(['warehouse'], 'Old-Spruce-17');
    const here = body<StaffLoginResult>(await c.login(staff.account, 'Old-Spruce-17')).data.token;
    const elsewhere = body<StaffLoginResult>(await c.login(staff.account, 'Old-Spruce-17')).data
      .token;
    const change = async (oldPassword: string, password: string) =>
      c.call('PUT', '/manage/v1/staff/me/password', here, {
        oldPassword: await c.enc(oldPassword),
        password: await c.enc(password),
      });

    const wrong = await change('Not-The-Pass-1', 'New-Maple-2024');
    expect([wrong.statusCode, body(wrong).msg]).toEqual([400, '当前密码错误']);
    const short = await change('Old-Spruce-17', 'short#1');
    expect([short.statusCode, body(short).msg]).toEqual([400, '密码至少 10 位']);
    const common = await change('Old-Spruce-17', 'qwertyuiop');
    expect(body(common).msg).toBe('密码过于常见，容易被猜中，请换一个');
    const weak = await change('Old-Spruce-17', 'woaini5201314');
    expect(body(weak).msg).toBe(PASSWORD_MSG.common);
    const same = await change('Old-Spruce-17', 'Old-Spruce-17');
    expect(body(same).msg).toBe('新密码不能与当前密码相同');
    // Nothing of that changed anything: both sessions still work.
    expect((await c.call('GET', '/manage/v1/staff/me', elsewhere)).statusCode).toBe(200);

    const done = await change('Old-Spruce-17', 'New-Maple-2024');
    expect([done.statusCode, body(done).msg]).toEqual([200, '密码已修改']);
    expect((await c.call('GET', '/manage/v1/staff/me', here)).statusCode).toBe(200);
    const ended = await c.call('GET', '/manage/v1/staff/me', elsewhere);
    expect([ended.statusCode, body(ended).code]).toEqual([401, ResultCode.TOKEN_INVALID]);
    expect((await c.login(staff.account, 'Old-Spruce-17')).statusCode).toBe(400);
    expect((await c.login(staff.account, 'New-Maple-2024')).statusCode).toBe(200);
    expect(await c.auditActions(staff.id)).toEqual(['staff.password.change']);
  });
});

describe('two-factor login', () => {
  let ctx: TestContext;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    ctx = await createTestContext();
    c = client(ctx);
  });
  afterAll(async () => ctx.close());

  it('enrols with a code, then logs in with a code or a recovery code once, and turns off', async () => {
    const staff = await c.staffWithPassword(['finance'], 'Quiet-Harbor-88');
    const token = body<StaffLoginResult>(await c.login(staff.account, 'Quiet-Harbor-88')).data
      .token;
    const state = async () =>
      body<StaffSecurity>(await c.call('GET', '/manage/v1/staff/me/two-factor', token)).data;
    expect(await state()).toEqual({
      twoFactorEnabled: false,
      twoFactorRequired: false,
      recoveryCodesLeft: 0,
    });

    // Confirming needs a secret being set up, then a right code from it.
    const early = await c.call('POST', '/manage/v1/staff/me/two-factor', token, { code: '123456' });
    expect([early.statusCode, body(early).msg]).toEqual([400, '请先获取二维码']);
    const setup = body<StaffTwoFactorSetup>(
      await c.call('POST', '/manage/v1/staff/me/two-factor/setup', token),
    ).data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    const wrongCode = String((Number(codeFor(setup.secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await c.call('POST', '/manage/v1/staff/me/two-factor', token, {
      code: wrongCode,
    });
    expect([wrong.statusCode, body(wrong).msg]).toEqual([400, '验证码错误']);
    expect((await state()).twoFactorEnabled).toBe(false);

    // Setting up again replaces the secret; the confirmed one is the last shown.
    const { secret, recoveryCodes } = await c.enrol(token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await state()).toEqual({
      twoFactorEnabled: true,
      twoFactorRequired: false,
      recoveryCodesLeft: 10,
    });
    // Stored hashed: neither the codes nor anything readable as them are in the table.
    const stored = await ctx.db
      .selectFrom('staffRecoveryCodes')
      .select('codeHash')
      .where('staffId', '=', staff.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => recoveryCodes.some((code) => r.codeHash.includes(code)))).toBe(false);

    // The password alone gives a ticket, not a session.
    const first = body<StaffLoginAnswer>(await c.login(staff.account, 'Quiet-Harbor-88'));
    expect(first.msg).toBe('请输入两步验证码');
    expect(first.data).toMatchObject({ twoFactor: true, account: staff.account });
    expect('token' in first.data).toBe(false);
    const ticket = 'ticket' in first.data ? first.data.ticket : '';
    const step = (code: string, t = ticket) =>
      c.call('POST', '/manage/v1/staff/access/code', undefined, { ticket: t, code });
    const bad = await step(String((Number(codeFor(secret)) + 7) % 1_000_000).padStart(6, '0'));
    expect([bad.statusCode, body(bad).msg]).toEqual([400, '验证码错误']);
    const good = await step(codeFor(secret));
    expect(good.statusCode, good.body).toBe(200);
    const session = body<StaffLoginResult>(good).data;
    expect(session).toMatchObject({ account: staff.account, roles: ['finance'] });
    expect((await c.call('GET', '/manage/v1/staff/me', session.token)).statusCode).toBe(200);
    // A ticket is spent by its login.
    expect(body(await step(codeFor(secret, 1))).msg).toBe('登录已超时，请重新输入账号和密码');

    // The same code again, on a new ticket: refused (each code works once).
    const again = body<StaffLoginAnswer>(await c.login(staff.account, 'Quiet-Harbor-88')).data;
    const againTicket = 'ticket' in again ? again.ticket : '';
    expect(body(await step(codeFor(secret), againTicket)).msg).toBe('验证码错误');

    // A recovery code logs in once, in any case and with or without the hyphen.
    const recovery = recoveryCodes[0] ?? '';
    const viaRecovery = await step(recovery.toUpperCase(), againTicket);
    expect(viaRecovery.statusCode).toBe(200);
    const third = body<StaffLoginAnswer>(await c.login(staff.account, 'Quiet-Harbor-88')).data;
    const thirdTicket = 'ticket' in third ? third.ticket : '';
    expect(body(await step(recovery.replace('-', ''), thirdTicket)).msg).toBe('验证码错误');
    expect((await state()).recoveryCodesLeft).toBe(9);

    // Five wrong codes use a ticket up.
    for (let i = 0; i < 4; i++) await step('000000', thirdTicket);
    expect(body(await step(codeFor(secret, 1), thirdTicket)).msg).toBe(
      '登录已超时，请重新输入账号和密码',
    );

    // Turning it off takes a code too.
    const offWrong = await c.call('POST', '/manage/v1/staff/me/two-factor/disable', token, {
      code: '000000',
    });
    expect([offWrong.statusCode, body(offWrong).msg]).toEqual([400, '验证码错误']);
    const off = await c.call('POST', '/manage/v1/staff/me/two-factor/disable', token, {
      code: codeFor(secret, 1),
    });
    expect([off.statusCode, body(off).msg]).toEqual([200, '两步验证已停用']);
    expect(await state()).toEqual({
      twoFactorEnabled: false,
      twoFactorRequired: false,
      recoveryCodesLeft: 0,
    });
    const plain = body<StaffLoginAnswer>(await c.login(staff.account, 'Quiet-Harbor-88')).data;
    expect('token' in plain).toBe(true);

    expect(await c.auditActions(staff.id)).toEqual([
      'staff.2fa.enable',
      'staff.2fa.recovery',
      'staff.2fa.disable',
    ]);
  });

  it("lets an admin reset a lost phone's two-factor login: sessions end, the password logs in again", async () => {
    const admin = await createStaff(ctx.db, ['admin']);
    const operator = await createStaff(ctx.db, ['operator']);
    const staff = await c.staffWithPassword(['warehouse'], 'Quiet-Harbor-89');
    const token = body<StaffLoginResult>(await c.login(staff.account, 'Quiet-Harbor-89')).data
      .token;
    const reset = (who: { token: string }, id: number) =>
      c.call('POST', `/manage/v1/staff/${id}/two-factor/reset`, who.token);
    const listed = async () =>
      body<{ records: { id: number; twoFactorEnabled: boolean }[] }>(
        await c.call('GET', `/manage/v1/staff?key=${staff.account}`, admin.token),
      ).data.records;

    // Without two-factor login there is nothing to reset.
    const nothing = await reset(admin, staff.id);
    expect([nothing.statusCode, body(nothing).msg]).toEqual([400, '未启用两步验证']);
    await c.enrol(token);
    expect(await listed()).toMatchObject([{ id: staff.id, twoFactorEnabled: true }]);

    // Only staff admins, and not on their own account (that takes a code on the own screen).
    expect((await reset(operator, staff.id)).statusCode).toBe(403);
    const self = await reset(admin, admin.id);
    expect(self.statusCode).toBe(400);
    expect((await reset(admin, 999_999)).statusCode).toBe(404);

    const done = await reset(admin, staff.id);
    expect([done.statusCode, body(done).msg]).toEqual([
      200,
      '已重置两步验证，该员工下次登录后须重新绑定',
    ]);
    expect(await listed()).toMatchObject([{ id: staff.id, twoFactorEnabled: false }]);
    // Whoever held the session (or the phone) is out; the password alone logs in again.
    const old = await c.call('GET', '/manage/v1/staff/me', token);
    expect(old.statusCode).toBe(401);
    const again = body<StaffLoginAnswer>(await c.login(staff.account, 'Quiet-Harbor-89')).data;
    expect('token' in again).toBe(true);
    const codes = await ctx.db
      .selectFrom('staffRecoveryCodes')
      .select('id')
      .where('staffId', '=', staff.id)
      .execute();
    expect(codes).toEqual([]);
    expect(await c.auditActions(staff.id)).toEqual(['staff.2fa.enable', 'staff.2fa.reset']);
  });
});

describe('STAFF_2FA=required', () => {
  let ctx: TestContext;
  let c: ReturnType<typeof client>;
  const seen: RouteOptions[] = [];
  let app: App;
  beforeAll(async () => {
    ctx = await createTestContext({ STAFF_2FA: 'required' });
    c = client(ctx);
    app = await buildApp({ config: ctx.config, db: ctx.db, onRoute: (r) => seen.push(r) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('holds admin and finance staff without two-factor login at enrolment, on every route', async () => {
    const routes = seen
      .filter((r) => r.url.startsWith('/manage/'))
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method])
          .filter((m) => m !== 'HEAD')
          .map((method) => ({
            method,
            url: r.url,
            key: `${method} ${r.url}`,
            guard: [r.onRequest, r.preHandler].flat().filter(isStaffGuard)[0],
          })),
      )
      .filter((r) => r.guard);
    const open = routes.filter((r) => r.guard?.beforeTwoFactor).map((r) => r.key);
    expect(open.sort()).toEqual([
      'DELETE /manage/v1/staff/access',
      'GET /manage/v1/staff/me',
      'GET /manage/v1/staff/me/two-factor',
      'POST /manage/v1/staff/me/two-factor',
      'POST /manage/v1/staff/me/two-factor/disable',
      'POST /manage/v1/staff/me/two-factor/setup',
      'PUT /manage/v1/staff/me/password',
    ]);
    for (const role of ['admin', 'finance'] as const) {
      const staff = await createStaff(ctx.db, [role]);
      for (const route of routes.filter((r) => !r.guard?.beforeTwoFactor)) {
        const base = manageBases[route.key];
        const params = base?.params?.() ?? {};
        const path = route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
        const query = new URLSearchParams(base?.query ?? {}).toString();
        const payload = base?.body?.() as object | undefined;
        const res = await app.inject({
          method: route.method as 'GET',
          url: query ? `${path}?${query}` : path,
          headers: { authorization: staff.token },
          ...(payload === undefined ? {} : { payload }),
        });
        expect([res.statusCode, body(res).code, body(res).msg], `${route.key} as ${role}`).toEqual([
          403,
          ResultCode.FORBIDDEN,
          '请先启用两步验证',
        ]);
      }
    }
  });

  it('lets other roles work as before', async () => {
    const warehouse = await createStaff(ctx.db, ['warehouse']);
    expect((await c.call('GET', '/manage/v1/stock/movements', warehouse.token)).statusCode).toBe(
      200,
    );
    const state = body<StaffSecurity>(
      await c.call('GET', '/manage/v1/staff/me/two-factor', warehouse.token),
    ).data;
    expect(state.twoFactorRequired).toBe(false);
  });

  it('tells the console at login, opens up once enrolled and refuses turning it off', async () => {
    const staff = await c.staffWithPassword(['finance'], 'Amber-River-31');
    const first = body<StaffLoginResult>(await c.login(staff.account, 'Amber-River-31')).data;
    expect(first.twoFactorSetupRequired).toBe(true);
    const blocked = await c.call('GET', '/manage/v1/members', first.token);
    expect(blocked.statusCode).toBe(403);
    expect(
      body<StaffSecurity>(await c.call('GET', '/manage/v1/staff/me/two-factor', first.token)).data,
    ).toEqual({ twoFactorEnabled: false, twoFactorRequired: true, recoveryCodesLeft: 0 });

    const { secret } = await c.enrol(first.token);
    // The same session goes on, now past the enrolment screen.
    expect((await c.call('GET', '/manage/v1/members', first.token)).statusCode).toBe(200);
    const off = await c.call('POST', '/manage/v1/staff/me/two-factor/disable', first.token, {
      code: codeFor(secret),
    });
    expect([off.statusCode, body(off).msg]).toEqual([400, '您的角色必须使用两步验证，不能停用']);

    const challenge = body<StaffLoginAnswer>(await c.login(staff.account, 'Amber-River-31')).data;
    const ticket = 'ticket' in challenge ? challenge.ticket : '';
    const res = await c.call('POST', '/manage/v1/staff/access/code', undefined, {
      ticket,
      code: codeFor(secret),
    });
    expect(body<StaffLoginResult>(res).data.twoFactorSetupRequired).toBe(false);
  });
});
