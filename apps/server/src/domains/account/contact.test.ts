import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  captureCodes,
  createMember,
  DEFAULT_MEMBER_PASSWORD,
  encryptPassword,
  uniqueIp,
} from '../../../test/fixtures/account.ts';

let ctx: TestContext;
let codes: ReturnType<typeof captureCodes>;

beforeAll(async () => {
  ctx = await createTestContext();
  codes = captureCodes();
});
afterAll(async () => {
  codes.restore();
  await ctx.close();
});
afterEach(async () => {
  await ctx.db.deleteFrom('rateEvents').execute();
});

const CHANGE = 4;
let seq = 0;
const newPhone = () =>
  `1760${String(Date.now() % 10_000).padStart(4, '0')}${String(++seq).padStart(3, '0')}`;
const newEmail = () => `contact-${Date.now()}-${++seq}@example.com`;

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
  ip?: string,
) {
  return ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: token } : {},
    remoteAddress: ip ?? uniqueIp(),
  });
}
const sendContactCode = (token: string, contact: string, ip?: string) =>
  call('POST', '/client/v1/user/info/contact/code', { contact }, token, ip);
const changeContact = (token: string, contact: string, code: string, ip?: string) =>
  call('PUT', '/client/v1/user/info/contact', { contact, code }, token, ip);
const info = async (token: string) =>
  body<UserInfo>(await call('GET', '/client/v1/user/info', undefined, token)).data;
const login = async (account: string) =>
  call('POST', '/client/v1/user/account-access', {
    account,
    password: await encryptPassword(ctx.app, DEFAULT_MEMBER_PASSWORD),
  });
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the login phone or email', () => {
  it('moves login from the old phone to the new one after a right code', async () => {
    const m = await createMember(ctx);
    const phone = newPhone();
    const sent = await sendContactCode(m.token, phone);
    expect(body(sent)).toEqual({ code: 0, msg: '验证码已发送', data: null });

    const res = await changeContact(m.token, phone, codes.last(phone, CHANGE));
    expect(res.statusCode).toBe(200);
    expect(body<UserInfo>(res)).toMatchObject({
      code: 0,
      msg: '修改成功',
      data: { phone, account: phone },
    });
    expect(await info(m.token)).toMatchObject({ phone, account: phone });

    const old = await login(m.account);
    expect(old.statusCode).toBe(400);
    expect(body(old).msg).toBe('账号或密码错误');
    const fresh = await login(phone);
    expect(body<LoginResult>(fresh)).toMatchObject({ code: 0, data: { account: phone } });
  });

  it('binds an email to a phone member without touching the account', async () => {
    const m = await createMember(ctx);
    const email = newEmail();
    await sendContactCode(m.token, email.toUpperCase());
    const res = await changeContact(m.token, email.toUpperCase(), codes.last(email, CHANGE));
    expect(body<UserInfo>(res).data).toMatchObject({ phone: m.account, email, account: m.account });
    expect((await login(email)).statusCode).toBe(200);
    expect((await login(m.account)).statusCode).toBe(200);
  });

  it('changes nothing without the right code, and the code dies after five tries', async () => {
    const m = await createMember(ctx);
    const phone = newPhone();
    const none = await changeContact(m.token, phone, '123456');
    expect(body(none).msg).toBe('验证码已失效，请重新获取');
    await ctx.db.deleteFrom('rateEvents').execute();
    await sendContactCode(m.token, phone);
    const code = codes.last(phone, CHANGE);
    for (let i = 0; i < 5; i++)
      expect(body(await changeContact(m.token, phone, wrongOf(code))).msg).toBe('验证码错误');
    // Five wrong codes stop the member's tries for 15 minutes, right code or not.
    const locked = await changeContact(m.token, phone, code);
    expect(locked.statusCode).toBe(429);
    await ctx.db.deleteFrom('rateEvents').execute();
    expect(body(await changeContact(m.token, phone, code)).msg).toBe('验证码已失效，请重新获取');
    expect(await info(m.token)).toMatchObject({ phone: m.account, account: m.account });
  });

  it('a code sent for another scene or another address does not change the contact', async () => {
    const m = await createMember(ctx);
    const phone = newPhone();
    await call('POST', '/client/v1/user/verification-code', { id: phone, scene: 2 });
    const res = await changeContact(m.token, phone, codes.last(phone, 2));
    expect(body(res).msg).toBe('验证码已失效，请重新获取');
    const other = newPhone();
    await sendContactCode(m.token, other);
    expect(body(await changeContact(m.token, phone, codes.last(other, CHANGE))).msg).toBe(
      '验证码已失效，请重新获取',
    );
    expect((await info(m.token)).phone).toBe(m.account);
  });

  it("tells a taken phone or email only after a right code, and keeps the other member's", async () => {
    const holder = await createMember(ctx);
    const mailHolder = await createMember(ctx, { account: newEmail() });
    const m = await createMember(ctx);

    // The send answers as for any free address: nobody lists accounts by asking for codes.
    expect(body(await sendContactCode(m.token, holder.account))).toMatchObject({ code: 0 });
    const guess = await changeContact(m.token, holder.account, '000000');
    expect(body(guess).msg).not.toContain('已被使用');
    await ctx.db.deleteFrom('rateEvents').execute();
    await sendContactCode(m.token, holder.account);
    const taken = await changeContact(m.token, holder.account, codes.last(holder.account, CHANGE));
    expect(taken.statusCode).toBe(400);
    expect(body(taken).msg).toBe('该手机号已被使用');

    await sendContactCode(m.token, mailHolder.account);
    const mail = await changeContact(
      m.token,
      mailHolder.account,
      codes.last(mailHolder.account, CHANGE),
    );
    expect(body(mail).msg).toBe('该邮箱已被使用');

    expect(await info(m.token)).toMatchObject({ phone: m.account, email: '' });
    expect((await login(holder.account)).statusCode).toBe(200);
    expect((await login(mailHolder.account)).statusCode).toBe(200);
  });

  it('refuses the current contact, bad input and visitors', async () => {
    const m = await createMember(ctx);
    expect(body(await sendContactCode(m.token, m.account)).msg).toBe('新手机号与当前手机号相同');
    expect(body(await sendContactCode(m.token, '')).msg).toBe('请输入新的手机号或邮箱');
    expect(body(await sendContactCode(m.token, '12345')).msg).toBe('手机号/邮箱格式有误');
    expect(body(await changeContact(m.token, newPhone(), '')).msg).toBe('请输入验证码');
    const visitor = await call('POST', '/client/v1/user/info/contact/code', {
      contact: newPhone(),
    });
    expect(visitor.statusCode).toBe(401);
    expect(codes.printed.filter((p) => p.to === m.account && p.scene === CHANGE)).toHaveLength(0);
  });

  it('limits sends like the other codes: one a minute per address, then per IP', async () => {
    const m = await createMember(ctx);
    const phone = newPhone();
    expect((await sendContactCode(m.token, phone)).statusCode).toBe(200);
    const again = await sendContactCode(m.token, phone);
    expect(again.statusCode).toBe(429);
    expect(body(again).msg).toBe('操作过于频繁，请稍后再试');
    // The minute limit is per scene: the new phone can get a login code at once.
    const loginCode = await call('POST', '/client/v1/user/verification-code', {
      id: phone,
      scene: 1,
    });
    expect(loginCode.statusCode).toBe(200);

    const ip = uniqueIp();
    for (let i = 0; i < 20; i++)
      expect((await sendContactCode(m.token, newPhone(), ip)).statusCode).toBe(200);
    expect((await sendContactCode(m.token, newPhone(), ip)).statusCode).toBe(429);
  });

  it('the profile save no longer changes the phone or email', async () => {
    const m = await createMember(ctx);
    const basic = { company: '某研究所', name: '王五', telephone: '010-12345678' };
    const moved = await call(
      'PUT',
      '/client/v1/user/info/basic',
      { ...basic, phone: newPhone(), email: newEmail() },
      m.token,
    );
    expect(moved.statusCode).toBe(400);
    expect(body(moved).msg).toBe('修改手机号或邮箱需验证新号码');
    expect(await info(m.token)).toMatchObject({ phone: m.account, email: '', name: '测试会员' });

    const same = await call(
      'PUT',
      '/client/v1/user/info/basic',
      { ...basic, phone: m.account },
      m.token,
    );
    expect(body<UserInfo>(same).data).toMatchObject({ ...basic, phone: m.account });
    const without = await call('PUT', '/client/v1/user/info/basic', basic, m.token);
    expect(without.statusCode).toBe(200);
  });

  it('an empty email or phone in the profile save means none, as the form sends it', async () => {
    const m = await createMember(ctx);
    const basic = { company: '某研究所', name: '赵六', telephone: '010-12345678' };
    const saved = await call(
      'PUT',
      '/client/v1/user/info/basic',
      { ...basic, phone: m.account, email: '' },
      m.token,
    );
    expect(saved.statusCode).toBe(200);
    expect(body<UserInfo>(saved).data).toMatchObject({ ...basic, phone: m.account, email: '' });
    const user = await ctx.db
      .selectFrom('users')
      .select(['phone', 'email', 'name'])
      .where('id', '=', m.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ phone: m.account, email: null, name: '赵六' });

    // Empty is not a way around the code: a member who has a phone cannot clear it here.
    const cleared = await call(
      'PUT',
      '/client/v1/user/info/basic',
      { ...basic, phone: '' },
      m.token,
    );
    expect(cleared.statusCode).toBe(400);
    expect(body(cleared).msg).toBe('修改手机号或邮箱需验证新号码');
    const badEmail = await call(
      'PUT',
      '/client/v1/user/info/basic',
      { ...basic, email: 'wang@' },
      m.token,
    );
    expect(body(badEmail).msg).toBe('邮箱格式有误');
  });
});
