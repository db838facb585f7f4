import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MSG } from '@labshop/shared';
import type { Invoice, LoginResult, UserInfo } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  createMember,
  DEFAULT_MEMBER_PASSWORD,
  encryptPassword,
  uniqueIp,
} from '../../../test/fixtures/account.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(async () => {
  await ctx.db.deleteFrom('rateEvents').execute();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: token },
    remoteAddress: uniqueIp(),
  });
}
const enc = (plain: string) => encryptPassword(ctx.app, plain);

const basic = {
  company: '某某检测技术有限公司',
  name: '王五',
  telephone: '010-12345678',
};

describe('user info', () => {
  it('answers the profile with the balance in yuan', async () => {
    const m = await createMember(ctx, { balanceFen: 123_456, name: '赵六' });
    const res = await call('GET', '/client/v1/user/info', m.token);
    expect(res.statusCode).toBe(200);
    expect(body<UserInfo>(res).data).toEqual({
      company: '',
      name: '赵六',
      phone: m.account,
      telephone: '',
      email: '',
      avatar: '',
      account: m.account,
      balance: 1234.56,
    });
  });

  it('answers 602 for an expired session and 100115 when the member is gone', async () => {
    const m = await createMember(ctx);
    await ctx.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('userId', '=', m.userId)
      .execute();
    expect(body(await call('GET', '/client/v1/user/info', m.token)).code).toBe(602);

    const gone = await createMember(ctx);
    await ctx.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    const res = await call('GET', '/client/v1/user/info', gone.token);
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(100115);
  });

  it('updates the basic info but never the account, balance, phone or email', async () => {
    const m = await createMember(ctx, { balanceFen: 500 });
    const res = await call('PUT', '/client/v1/user/info/basic', m.token, {
      ...basic,
      phone: m.account,
      account: 'hijack@example.com',
      balance: 99_999,
      avatar: 'x.png',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe('保存成功');
    const info = body<UserInfo>(await call('GET', '/client/v1/user/info', m.token)).data;
    expect(info).toEqual({
      ...basic,
      phone: m.account,
      email: '',
      avatar: '',
      account: m.account,
      balance: 5,
    });
  });

  it('validates the basic info with the messages of the spec', async () => {
    const m = await createMember(ctx);
    const cases: [object, string][] = [
      [{ ...basic, phone: '12345678901' }, '手机号格式有误'],
      [{ ...basic, email: 'not-an-email' }, '邮箱格式有误'],
      [{ ...basic, company: ' ' }, '请输入单位名称'],
      [{ ...basic, name: '' }, '请输入姓名'],
      [{ ...basic, telephone: undefined }, '请输入固定电话'],
    ];
    for (const [payload, msg] of cases) {
      const res = await call('PUT', '/client/v1/user/info/basic', m.token, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(msg);
    }
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', m.userId)
      .executeTakeFirstOrThrow();
    expect(user.company).toBe('');
  });

  it('saves an individual (单位名称 个人) without a landline, and still asks it of a unit', async () => {
    const m = await createMember(ctx);
    const individual = { company: ' 个人 ', name: '李四', telephone: '' };
    const saved = await call('PUT', '/client/v1/user/info/basic', m.token, individual);
    expect(saved.statusCode, saved.body).toBe(200);
    const info = body<UserInfo>(await call('GET', '/client/v1/user/info', m.token)).data;
    expect(info).toMatchObject({ company: '个人', name: '李四', telephone: '' });

    const unit = await call('PUT', '/client/v1/user/info/basic', m.token, {
      company: '某某检测技术有限公司',
      name: '李四',
      telephone: ' ',
    });
    expect([unit.statusCode, body(unit).msg]).toEqual([400, '请输入固定电话']);
    const kept = body<UserInfo>(await call('GET', '/client/v1/user/info', m.token)).data;
    expect(kept.company).toBe('个人');
  });

  it('never sets a phone or email, not even a free one (that takes a code: contact.test.ts)', async () => {
    const other = await createMember(ctx);
    const m = await createMember(ctx, { account: 'mine@example.com' });
    for (const payload of [
      { ...basic, phone: other.account },
      { ...basic, phone: '13900001111' },
      { ...basic, email: 'Other@example.com' },
    ]) {
      const res = await call('PUT', '/client/v1/user/info/basic', m.token, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('修改手机号或邮箱需验证新号码');
    }
    const info = body<UserInfo>(await call('GET', '/client/v1/user/info', m.token)).data;
    expect(info).toMatchObject({ phone: '', email: 'mine@example.com', name: '测试会员' });
    // Sending the stored email (any case) is fine.
    const own = await call('PUT', '/client/v1/user/info/basic', m.token, {
      ...basic,
      email: 'Mine@Example.com',
    });
    expect(own.statusCode).toBe(200);
  });

  it('requires a token', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/user/info/basic',
      payload: basic,
    });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(600);
  });

  it('answers a caller without a valid token 401 before looking at the body', async () => {
    // The body breaks every rule: a caller without a token must learn none of them.
    const bad = { company: 7, name: '', telephone: 'x'.repeat(5000), extra: { a: 1 } };
    const none = await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/user/info/basic',
      payload: bad,
    });
    expect([none.statusCode, body(none).code]).toEqual([401, 600]);
    const unknown = await call('PUT', '/client/v1/user/info/basic', 'not-a-token', bad);
    expect([unknown.statusCode, body(unknown).code]).toEqual([401, 601]);
    const broken = await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/user/info/password',
      headers: { 'content-type': 'application/json' },
      payload: '{"oldPassword":',
    });
    expect([broken.statusCode, body(broken).code]).toEqual([401, 600]);
  });
});

describe('invoice', () => {
  it('answers "no invoice" until saved, then the saved details', async () => {
    const m = await createMember(ctx);
    const empty = body<Invoice>(await call('GET', '/client/v1/user/invoice', m.token)).data;
    expect(empty).toEqual({
      invoiceType: 3,
      invoiceHeader: '',
      invoiceEmail: '',
      taxpayerNumber: '',
      registerAddress: '',
      registerTelephone: '',
      bankName: '',
      bankAccount: '',
    });
    const invoice = {
      invoiceType: 2,
      invoiceHeader: '某某检测技术有限公司',
      invoiceEmail: 'finance@example.com',
      taxpayerNumber: '91110000MA0123456P',
      registerAddress: '北京市海淀区某路1号',
      registerTelephone: '010-88888888',
      bankName: '某银行北京分行',
      bankAccount: '6222000011112222',
    };
    const saved = await call('PUT', '/client/v1/user/invoice', m.token, {
      ...invoice,
      userId: 999,
    });
    expect(saved.statusCode).toBe(200);
    expect(body(saved)).toMatchObject({ msg: '保存成功', data: invoice });
    const again = await call('PUT', '/client/v1/user/invoice', m.token, {
      ...invoice,
      invoiceType: 1,
      bankName: undefined,
    });
    expect(body<Invoice>(again).data).toEqual({ ...invoice, invoiceType: 1, bankName: '' });
    expect(
      body<Invoice>(await call('GET', '/client/v1/user/invoice', m.token)).data.invoiceType,
    ).toBe(1);
    const rows = await ctx.db
      .selectFrom('invoices')
      .selectAll()
      .where('userId', '=', m.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('validates the invoice', async () => {
    const m = await createMember(ctx);
    const valid = {
      invoiceType: 1,
      invoiceHeader: '抬头',
      invoiceEmail: 'a@b.com',
      taxpayerNumber: '91110000MA0123456P',
    };
    const special = '增值税专用发票需填写注册地址、注册电话、开户银行和银行账号';
    const cases: [object, string][] = [
      [{ ...valid, invoiceEmail: 'nope' }, '收票邮箱有误'],
      [{ ...valid, invoiceHeader: '' }, '请输入发票抬头'],
      [{ ...valid, taxpayerNumber: '' }, '请输入纳税人识别号'],
      [{ ...valid, taxpayerNumber: '91110000MA01234567' }, '纳税人识别号有误'],
      [{ ...valid, taxpayerNumber: '123' }, '纳税人识别号有误'],
      [{ ...valid, invoiceType: 4 }, '请选择发票类型'],
      [{ ...valid, invoiceType: 2 }, special],
      [{ ...valid, invoiceType: 2, registerAddress: '北京', registerTelephone: '010-1' }, special],
    ];
    for (const [payload, msg] of cases) {
      const res = await call('PUT', '/client/v1/user/invoice', m.token, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(msg);
    }
    expect(
      await ctx.db.selectFrom('invoices').selectAll().where('userId', '=', m.userId).execute(),
    ).toEqual([]);
    // 不开发票 needs nothing else; legacy 15/17/20-character numbers are accepted.
    const none = await call('PUT', '/client/v1/user/invoice', m.token, { invoiceType: 3 });
    expect(none.statusCode).toBe(200);
    for (const taxpayerNumber of ['110108123456789', '11010812345678901', '110108199001011234AB']) {
      const res = await call('PUT', '/client/v1/user/invoice', m.token, {
        ...valid,
        taxpayerNumber,
      });
      expect(res.statusCode, taxpayerNumber).toBe(200);
    }
  });
});

describe('password change', () => {
  const change = async (token: string, oldPassword: string, password: string, confirm = password) =>
    call('PUT', '/client/v1/user/info/password', token, {
      oldPassword: await enc(oldPassword),
      password: await enc(password),
      confirmPassword: await enc(confirm),
    });
  const login = async (account: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/client/v1/user/account-access',
      payload: { account, password: await enc(password) },
      remoteAddress: uniqueIp(),
    });

  it('changes the password, keeps this session and ends the others', async () => {
    const m = await createMember(ctx);
    const other = body<LoginResult>(await login(m.account, DEFAULT_MEMBER_PASSWORD)).data.token;
    const res = await change(m.token, DEFAULT_MEMBER_PASSWORD, 'Changed#2024');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, msg: '密码设置成功', data: null });
    expect((await call('GET', '/client/v1/user/info', m.token)).statusCode).toBe(200);
    expect(body(await call('GET', '/client/v1/user/info', other)).code).toBe(601);
    expect(body(await login(m.account, DEFAULT_MEMBER_PASSWORD)).msg).toBe('账号或密码错误');
    expect((await login(m.account, 'Changed#2024')).statusCode).toBe(200);
  });

  it('refuses a wrong old password, a mismatch and plain text', async () => {
    const m = await createMember(ctx);
    expect(body(await change(m.token, 'Wrong#1234', 'Changed#2024')).msg).toBe('原密码错误');
    expect(
      body(await change(m.token, DEFAULT_MEMBER_PASSWORD, 'Changed#2024', 'Changed#2025')).msg,
    ).toBe('两次输入的密码不一致');
    const plain = await call('PUT', '/client/v1/user/info/password', m.token, {
      oldPassword: DEFAULT_MEMBER_PASSWORD,
      password: await enc('Changed#2024'),
      confirmPassword: await enc('Changed#2024'),
    });
    expect(body(plain).msg).toBe('密码未加密或无法解密');
    const missing = await call('PUT', '/client/v1/user/info/password', m.token, {
      password: await enc('Changed#2024'),
      confirmPassword: await enc('Changed#2024'),
    });
    expect(body(missing).msg).toBe('请输入原密码');
    expect((await login(m.account, DEFAULT_MEMBER_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses weak passwords and ones holding the phone or email, and keeps the old one', async () => {
    const m = await createMember(ctx, { account: 'zhao.liu@example.com' });
    for (const [password, msg] of [
      ['123456', PASSWORD_MSG.common],
      ['woaini1314', PASSWORD_MSG.common],
      ['aaaaaaaaaa', PASSWORD_MSG.repeated],
      ['Zhao.Liu#2024', PASSWORD_MSG.personal],
      ['zhao.liu@example.com', PASSWORD_MSG.personal],
    ] as const) {
      const res = await change(m.token, DEFAULT_MEMBER_PASSWORD, password);
      expect([res.statusCode, body(res).msg], password).toEqual([400, msg]);
    }
    expect((await login(m.account, DEFAULT_MEMBER_PASSWORD)).statusCode).toBe(200);
    // The phone bound later counts as much as the account.
    await ctx.db
      .updateTable('users')
      .set({ phone: '13912345678' })
      .where('id', '=', m.userId)
      .execute();
    const phone = await change(m.token, DEFAULT_MEMBER_PASSWORD, 'Qx#13912345678');
    expect(body(phone).msg).toBe(PASSWORD_MSG.personal);
    expect((await change(m.token, DEFAULT_MEMBER_PASSWORD, 'Copper#Sulfate9')).statusCode).toBe(
      200,
    );
  });

  it('stops guessing the old password after five wrong tries', async () => {
    const m = await createMember(ctx);
    for (let i = 0; i < 5; i++)
      expect((await change(m.token, 'Wrong#1234', 'Changed#2024')).statusCode).toBe(400);
    const blocked = await change(m.token, DEFAULT_MEMBER_PASSWORD, 'Changed#2024');
    expect(blocked.statusCode).toBe(429);
    expect((await login(m.account, DEFAULT_MEMBER_PASSWORD)).statusCode).toBe(200);
  });
});
