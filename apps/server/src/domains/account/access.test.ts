import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MSG, ResultCode } from '@labshop/shared';
import type { LoginResult } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  captureCodes,
  createMember,
  DEFAULT_MEMBER_PASSWORD,
  encryptPassword,
  legacyHash,
  uniqueIp,
} from '../../../test/fixtures/account.ts';
import { createStaff } from '../../../test/fixtures/manage.ts';
import { pruneVerificationData } from './verification.service.ts';

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

let phoneSeq = 0;
const newPhone = () => `1770000${String(++phoneSeq).padStart(4, '0')}`;

interface Call {
  token?: string;
  ip?: string;
}
function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  opts: Call = {},
) {
  return ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: opts.token ? { authorization: opts.token } : {},
    remoteAddress: opts.ip ?? uniqueIp(),
  });
}
const enc = (plain: string) => encryptPassword(ctx.app, plain);
const sendCode = (id: string, scene: number, ip?: string) =>
  call('POST', '/client/v1/user/verification-code', { id, scene }, { ip: ip ?? uniqueIp() });

/** Moves every rate event and code into the past, as if `ms` had gone by. */
async function timePasses(ms: number) {
  await ctx.db
    .updateTable('rateEvents')
    .set((eb) => ({ createdAt: eb('createdAt', '-', ms) }))
    .execute();
  await ctx.db
    .updateTable('verificationCodes')
    .set((eb) => ({ createdAt: eb('createdAt', '-', ms), expiresAt: eb('expiresAt', '-', ms) }))
    .execute();
}

async function registerMember(account: string, password = 'Abc#12345') {
  expect((await sendCode(account, 2)).statusCode).toBe(200);
  const res = await call('POST', '/client/v1/user/register', {
    account,
    code: codes.last(account.toLowerCase(), 2),
    password: await enc(password),
    confirmPassword: await enc(password),
  });
  expect(res.statusCode).toBe(200);
  return body<LoginResult>(res).data;
}

const userInfo = (token: string) => call('GET', '/client/v1/user/info', undefined, { token });

afterEach(async () => {
  // Each test starts with no limits in force.
  await ctx.db.deleteFrom('rateEvents').execute();
});

describe('public key and password transport', () => {
  it('answers a 2048-bit SPKI public key for RSA-OAEP-256', async () => {
    const res = await call('GET', '/client/v1/system/public-key');
    expect(res.statusCode).toBe(200);
    const { data } = body<{ publicKey: string; algorithm: string }>(res);
    expect(data.algorithm).toBe('RSA-OAEP-256');
    expect(data.publicKey).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n?$/,
    );
    const again = body<{ publicKey: string }>(await call('GET', '/client/v1/system/public-key'));
    expect(again.data.publicKey).toBe(data.publicKey);
  });

  it('refuses a plain-text password with a clear message', async () => {
    const m = await createMember(ctx);
    const res = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: DEFAULT_MEMBER_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 1, msg: '密码未加密或无法解密', data: null });
  });

  it('refuses passwords encrypted with another key or with PKCS#1 v1.5 padding', async () => {
    const m = await createMember(ctx);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const foreign = publicEncrypt(
      { key: other, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEFAULT_MEMBER_PASSWORD),
    ).toString('base64');
    const pem = body<{ publicKey: string }>(await call('GET', '/client/v1/system/public-key')).data
      .publicKey;
    const sha1 = publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING },
      Buffer.from(DEFAULT_MEMBER_PASSWORD),
    ).toString('base64');
    for (const password of [foreign, sha1, 'bm90IGNpcGhlcnRleHQ=']) {
      const res = await call('POST', '/client/v1/user/account-access', {
        account: m.account,
        password,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('密码未加密或无法解密');
    }
  });

  it('treats an encrypted empty password as missing and refuses over-long ones', async () => {
    const m = await createMember(ctx);
    const empty = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc(''),
    });
    expect(body(empty)).toMatchObject({ code: 1, msg: '请输入密码' });
    const long = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc('A'.repeat(65)),
    });
    expect(long.statusCode).toBe(400);
    expect(body(long).msg).toBe('密码过长，最多 64 个字符');
  });
});

describe('verification codes', () => {
  it('prints exactly one JSON line in the development format and stores only a hash', async () => {
    const phone = newPhone();
    const before = codes.printed.length;
    const res = await sendCode(phone, 2);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, msg: '验证码已发送', data: null });
    const lines = codes.printed.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.line).toMatch(
      new RegExp(
        `^\\{"event":"verification_code","to":"${phone}","scene":2,"code":"\\d{6}"[,}].*\\n$`,
      ),
    );
    const code = codes.last(phone, 2);
    const row = await ctx.db
      .selectFrom('verificationCodes')
      .selectAll()
      .where('target', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt - row.createdAt).toBe(5 * 60_000);
  });

  it('sends whether or not the account exists, so sends cannot list accounts', async () => {
    const m = await createMember(ctx);
    const unknown = newPhone();
    const unknownMail = `nobody-${phoneSeq}@example.com`;
    for (const [to, scene] of [
      [unknown, 1],
      [unknownMail, 3],
      [m.account, 2],
    ] as const) {
      expect(body(await sendCode(to, scene))).toMatchObject({ code: 0, msg: '验证码已发送' });
      expect(codes.last(to, scene)).toMatch(/^\d{6}$/);
    }
  });

  it('applies the scene rules', async () => {
    const m = await createMember(ctx);
    expect(body(await sendCode('someone@example.com', 1)).msg).toBe('请使用手机号获取登录验证码');
    expect(body(await sendCode('12345', 2)).msg).toBe('手机号/邮箱格式有误');
    const badScene = await sendCode(newPhone(), 4);
    expect(badScene.statusCode).toBe(400);
    expect(body(badScene).msg).toBe('场景有误');
    expect(body(await sendCode(newPhone(), 0)).msg).toBe('场景有误');
    // None of the refusals sent anything.
    expect(codes.printed.filter((p) => p.to === m.account)).toHaveLength(0);
  });

  it('limits sends per target: one a minute per scene, five an hour, ten a day', async () => {
    const m = await createMember(ctx);
    expect((await sendCode(m.account, 3)).statusCode).toBe(200);
    const second = await sendCode(m.account, 3);
    expect(second.statusCode).toBe(429);
    expect(body(second)).toEqual({ code: 1, msg: '操作过于频繁，请稍后再试', data: null });
    // Another form's code is not held back by the minute (the hour still counts it).
    expect((await sendCode(m.account, 1)).statusCode).toBe(200);
    await timePasses(61_000);
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(m.account, 3)).statusCode).toBe(200);
      await timePasses(61_000);
    }
    // Five within the hour: the sixth waits for the hour to pass.
    expect((await sendCode(m.account, 3)).statusCode).toBe(429);
    await timePasses(60 * 60_000);
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(m.account, 3)).statusCode).toBe(200);
      await timePasses(61_000);
    }
    await timePasses(60 * 60_000);
    // Ten within the day.
    expect((await sendCode(m.account, 3)).statusCode).toBe(429);
  });

  it('limits sends per IP address across targets', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect((await sendCode(newPhone(), 2, ip)).statusCode).toBe(200);
    const res = await sendCode(newPhone(), 2, ip);
    expect(res.statusCode).toBe(429);
    expect((await sendCode(newPhone(), 2, uniqueIp())).statusCode).toBe(200);
  });

  it('kills a code after five wrong tries', async () => {
    const m = await createMember(ctx);
    await sendCode(m.account, 3);
    const code = codes.last(m.account, 3);
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = async (c: string) =>
      call('POST', '/client/v1/user/password', {
        account: m.account,
        code: c,
        password: await enc('New#12345'),
        confirmPassword: await enc('New#12345'),
      });
    for (let i = 0; i < 5; i++) expect(body(await reset(wrong)).msg).toBe('验证码错误');
    const right = await reset(code);
    expect(right.statusCode).toBe(400);
    expect(body(right).msg).toBe('验证码已失效，请重新获取');
  });

  it('accepts the right code after four wrong tries', async () => {
    const m = await createMember(ctx);
    await sendCode(m.account, 1);
    const code = codes.last(m.account, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', '/client/v1/user/verification-access', {
        phone: m.account,
        code: wrong,
      });
      expect(body(res).msg).toBe('验证码错误');
    }
    const res = await call('POST', '/client/v1/user/verification-access', {
      phone: m.account,
      code,
    });
    expect(res.statusCode).toBe(200);
  });

  it('uses a code once, and not after five minutes or once replaced', async () => {
    const m = await createMember(ctx);
    await sendCode(m.account, 1);
    const first = codes.last(m.account, 1);
    const login = (code: string) =>
      call('POST', '/client/v1/user/verification-access', { phone: m.account, code });
    expect((await login(first)).statusCode).toBe(200);
    expect(body(await login(first)).msg).toBe('验证码已失效，请重新获取');

    await timePasses(61_000);
    await sendCode(m.account, 1);
    const stale = codes.last(m.account, 1);
    await timePasses(5 * 60_000 + 1);
    expect(body(await login(stale)).msg).toBe('验证码已失效，请重新获取');

    await sendCode(m.account, 1);
    const replaced = codes.last(m.account, 1);
    await timePasses(61_000);
    await sendCode(m.account, 1);
    const newest = codes.last(m.account, 1);
    // Only the newest code counts; an older one is just a wrong code now.
    if (replaced !== newest) expect(body(await login(replaced)).msg).toBe('验证码错误');
    expect((await login(newest)).statusCode).toBe(200);
  });

  it('keeps codes of one scene out of another', async () => {
    const m = await createMember(ctx);
    await sendCode(m.account, 3);
    const res = await call('POST', '/client/v1/user/verification-access', {
      phone: m.account,
      code: codes.last(m.account, 3),
    });
    expect(body(res).msg).toBe('验证码已失效，请重新获取');
  });

  it('holds the limits under concurrent requests', async () => {
    const m = await createMember(ctx);
    const sends = await Promise.all(Array.from({ length: 6 }, () => sendCode(m.account, 1)));
    // Racing requests may all be refused, but never two sent within the minute.
    const sent = sends.filter((r) => r.statusCode === 200).length;
    expect(sent).toBeLessThanOrEqual(1);
    expect(sends.filter((r) => r.statusCode === 429)).toHaveLength(6 - sent);
    expect(codes.printed.filter((p) => p.to === m.account)).toHaveLength(sent);
    await timePasses(61_000);
    expect((await sendCode(m.account, 1)).statusCode).toBe(200);

    const code = codes.last(m.account, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/client/v1/user/verification-access', { phone: m.account, code: wrong }),
      ),
    );
    const msgs = guesses.map((r) => body(r).msg);
    expect(msgs.filter((msg) => msg === '验证码错误')).toHaveLength(5);
    expect(msgs.filter((msg) => msg === '验证码已失效，请重新获取')).toHaveLength(5);
    const row = await ctx.db
      .selectFrom('verificationCodes')
      .select('attempts')
      .where('target', '=', m.account)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('prunes day-old codes and rate events', async () => {
    const phone = newPhone();
    await sendCode(phone, 2);
    await timePasses(86_400_000 + 1);
    const fresh = newPhone();
    await sendCode(fresh, 2);
    await pruneVerificationData(ctx.db);
    const targets = await ctx.db.selectFrom('verificationCodes').select('target').execute();
    expect(targets.map((r) => r.target)).toContain(fresh);
    expect(targets.map((r) => r.target)).not.toContain(phone);
    const keys = await ctx.db.selectFrom('rateEvents').select('key').execute();
    expect(keys.map((r) => r.key)).toEqual(expect.arrayContaining([`code:to:${fresh}`]));
    expect(keys.map((r) => r.key)).not.toContain(`code:to:${phone}`);
  });
});

describe('register', () => {
  it('registers with a phone, logs in and starts with no invoice', async () => {
    const phone = newPhone();
    await sendCode(phone, 2);
    const code = codes.last(phone, 2);
    const mismatch = await call('POST', '/client/v1/user/register', {
      account: phone,
      code,
      password: await enc('Abc#12345'),
      confirmPassword: await enc('Abc#123456'),
    });
    expect(body(mismatch)).toMatchObject({ code: 1, msg: '两次输入的密码不一致' });

    // The mismatch did not use up the code.
    const res = await call('POST', '/client/v1/user/register', {
      account: phone,
      code,
      password: await enc('Abc#12345'),
      confirmPassword: await enc('Abc#12345'),
    });
    expect(res.statusCode).toBe(200);
    const result = body<LoginResult>(res);
    expect(result.msg).toBe('注册成功');
    expect(result.data).toMatchObject({ account: phone, name: '' });
    expect(result.data.token.length).toBeGreaterThanOrEqual(22);
    expect(result.data.exp).toBeGreaterThan(Date.now());

    const info = body<{ account: string; phone: string; email: string; balance: number }>(
      await userInfo(result.data.token),
    );
    expect(info.data).toMatchObject({ account: phone, phone, email: '', balance: 0 });
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('account', '=', phone)
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain('Abc#12345');
    const invoice = await ctx.db
      .selectFrom('invoices')
      .select('invoiceType')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(invoice.invoiceType).toBe(3);

    const login = await call('POST', '/client/v1/user/account-access', {
      account: phone,
      password: await enc('Abc#12345'),
    });
    expect(login.statusCode).toBe(200);
  });

  it('registers with an email in lower case and refuses a second registration', async () => {
    const result = await registerMember('New.Member@Example.COM');
    expect(result.account).toBe('new.member@example.com');
    const info = body<{ email: string; phone: string }>(await userInfo(result.token));
    expect(info.data).toMatchObject({ email: 'new.member@example.com', phone: '' });
    // Whether the account exists is told only with a right code.
    await timePasses(60_001);
    expect((await sendCode('NEW.member@example.com', 2)).statusCode).toBe(200);
    const again = await call('POST', '/client/v1/user/register', {
      account: 'NEW.member@example.com',
      code: codes.last('new.member@example.com', 2),
      password: await enc('Abc#12345'),
      confirmPassword: await enc('Abc#12345'),
    });
    expect(body(again).msg).toBe('该账号已注册');
  });

  it('limits wrong codes on register and forgot password per address like logins', async () => {
    const ip = uniqueIp();
    const guess = async (url: string, account: string) =>
      call(
        'POST',
        url,
        {
          account,
          code: '000000',
          password: await enc('Abc#12345'),
          confirmPassword: await enc('Abc#12345'),
        },
        { ip },
      );
    for (let i = 0; i < 20; i++) {
      const url = i % 2 ? '/client/v1/user/register' : '/client/v1/user/password';
      expect((await guess(url, newPhone())).statusCode).toBe(400);
    }
    const blocked = await guess('/client/v1/user/register', newPhone());
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).msg).toBe('操作过于频繁，请稍后再试');
  });

  it('refuses a wrong code, a missing confirmation and an account taken meanwhile', async () => {
    const phone = newPhone();
    await sendCode(phone, 2);
    const code = codes.last(phone, 2);
    const wrong = await call('POST', '/client/v1/user/register', {
      account: phone,
      code: code === '000000' ? '111111' : '000000',
      password: await enc('Abc#12345'),
      confirmPassword: await enc('Abc#12345'),
    });
    expect(body(wrong).msg).toBe('验证码错误');
    const missing = await call('POST', '/client/v1/user/register', {
      account: phone,
      code,
      password: await enc('Abc#12345'),
    });
    expect(body(missing).msg).toBe('请确认密码');
    await createMember(ctx, { account: phone });
    const taken = await call('POST', '/client/v1/user/register', {
      account: phone,
      code,
      password: await enc('Abc#12345'),
      confirmPassword: await enc('Abc#12345'),
    });
    expect(body(taken).msg).toBe('该账号已注册');
    expect(
      await ctx.db.selectFrom('users').select('id').where('account', '=', phone).execute(),
    ).toHaveLength(1);
  });

  it('refuses weak passwords and the phone inside one before spending the code', async () => {
    const phone = newPhone();
    await sendCode(phone, 2);
    const code = codes.last(phone, 2);
    const register = async (password: string) =>
      call('POST', '/client/v1/user/register', {
        account: phone,
        code,
        password: await enc(password),
        confirmPassword: await enc(password),
      });
    for (const [password, msg] of [
      ['123456', PASSWORD_MSG.common],
      ['5201314', PASSWORD_MSG.common],
      ['zhangwei123', PASSWORD_MSG.common],
      ['qwertyuiop', PASSWORD_MSG.common],
      ['aaaaaaaaaa', PASSWORD_MSG.repeated],
      ['Aa1!Aa1!Aa1!Aa1!', PASSWORD_MSG.repeated],
      [`Zz#${phone}`, PASSWORD_MSG.personal],
    ] as const) {
      const res = await register(password);
      expect([res.statusCode, body(res).msg], password).toEqual([400, msg]);
    }
    expect(
      await ctx.db.selectFrom('users').select('id').where('account', '=', phone).execute(),
    ).toHaveLength(0);
    // The code still works once the password is strong enough.
    const res = await register('Copper#Sulfate9');
    expect(res.statusCode).toBe(200);
    expect(body<LoginResult>(res).data.account).toBe(phone);
  });
});

describe('login', () => {
  it('logs in with account and password, by phone or email', async () => {
    const m = await createMember(ctx, { name: '张三' });
    const res = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc(DEFAULT_MEMBER_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    const { data, msg } = body<LoginResult>(res);
    expect(msg).toBe('登录成功');
    expect(data).toMatchObject({ name: '张三', account: m.account });
    expect(data.exp - Date.now()).toBeGreaterThan(60 * 60_000);
    expect((await userInfo(data.token)).statusCode).toBe(200);

    await ctx.db
      .updateTable('users')
      .set({ email: 'zhangsan@example.com' })
      .where('id', '=', m.userId)
      .execute();
    const byEmail = await call('POST', '/client/v1/user/account-access', {
      account: 'ZhangSan@example.com',
      password: await enc(DEFAULT_MEMBER_PASSWORD),
    });
    expect(body<LoginResult>(byEmail).data.account).toBe(m.account);
  });

  it('answers the same message for a wrong password and an unknown account', async () => {
    const m = await createMember(ctx);
    const wrong = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc('Wrong#123'),
    });
    const unknown = await call('POST', '/client/v1/user/account-access', {
      account: newPhone(),
      password: await enc('Wrong#123'),
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 1, msg: '账号或密码错误', data: null });
    }
    const missing = await call('POST', '/client/v1/user/account-access', {
      password: await enc('x'),
    });
    expect(body(missing).msg).toBe('请输入账号');
  });

  it('locks an account for one address after five failures, for 15 minutes', async () => {
    const m = await createMember(ctx);
    const ip = uniqueIp();
    const attempt = async (password: string, from = ip) =>
      call(
        'POST',
        '/client/v1/user/account-access',
        { account: m.account, password: await enc(password) },
        { ip: from },
      );
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong#123')).statusCode).toBe(400);
    expect((await attempt(DEFAULT_MEMBER_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong#123')).statusCode).toBe(400);
    const locked = await attempt(DEFAULT_MEMBER_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(body(locked).msg).toBe('操作过于频繁，请稍后再试');
    await timePasses(15 * 60_000 + 1);
    expect((await attempt(DEFAULT_MEMBER_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps a stranger from locking the member out, and a success does not erase the stranger’s failures', async () => {
    const m = await createMember(ctx);
    const stranger = uniqueIp();
    const member = uniqueIp();
    const attempt = async (password: string, ip: string) =>
      call(
        'POST',
        '/client/v1/user/account-access',
        { account: m.account, password: await enc(password) },
        { ip },
      );
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong#123', stranger)).statusCode).toBe(400);
    expect((await attempt('Wrong#123', stranger)).statusCode).toBe(429);
    // The member, from their own address, still gets in.
    expect((await attempt(DEFAULT_MEMBER_PASSWORD, member)).statusCode).toBe(200);
    // ...and that success leaves the stranger locked.
    expect((await attempt(DEFAULT_MEMBER_PASSWORD, stranger)).statusCode).toBe(429);
  });

  it('rehashes a password stored with older cost parameters on login', async () => {
    const m = await createMember(ctx);
    await ctx.db
      .updateTable('users')
      .set({ passwordHash: legacyHash(DEFAULT_MEMBER_PASSWORD, 1024, 4, 1) })
      .where('id', '=', m.userId)
      .execute();
    const res = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc(DEFAULT_MEMBER_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    const { passwordHash } = await ctx.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', m.userId)
      .executeTakeFirstOrThrow();
    expect(passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    const again = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc(DEFAULT_MEMBER_PASSWORD),
    });
    expect(again.statusCode).toBe(200);
  });

  it('limits failures per IP address across accounts', async () => {
    const ip = uniqueIp();
    const password = await enc('Wrong#123');
    for (let i = 0; i < 20; i++) {
      const res = await call(
        'POST',
        '/client/v1/user/account-access',
        { account: newPhone(), password },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    }
    const m = await createMember(ctx);
    const good = await enc(DEFAULT_MEMBER_PASSWORD);
    const blocked = await call(
      'POST',
      '/client/v1/user/account-access',
      { account: m.account, password: good },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: good,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('logs in with phone and code', async () => {
    const m = await createMember(ctx, { name: '李四' });
    await sendCode(m.account, 1);
    const res = await call('POST', '/client/v1/user/verification-access', {
      phone: m.account,
      code: codes.last(m.account, 1),
    });
    expect(res.statusCode).toBe(200);
    expect(body<LoginResult>(res).data).toMatchObject({ name: '李四', account: m.account });
    const bad = await call('POST', '/client/v1/user/verification-access', {
      phone: '123',
      code: '123456',
    });
    expect(body(bad).msg).toBe('手机号格式有误');
    const noCode = await call('POST', '/client/v1/user/verification-access', { phone: m.account });
    expect(body(noCode).msg).toBe('请输入验证码');
  });
});

describe('forgot password', () => {
  it('sets a new password with a code and ends every session', async () => {
    const m = await createMember(ctx);
    const second = body<LoginResult>(
      await call('POST', '/client/v1/user/account-access', {
        account: m.account,
        password: await enc(DEFAULT_MEMBER_PASSWORD),
      }),
    ).data.token;
    await sendCode(m.account, 3);
    const res = await call('POST', '/client/v1/user/password', {
      account: m.account,
      code: codes.last(m.account, 3),
      password: await enc('Fresh#2024'),
      confirmPassword: await enc('Fresh#2024'),
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, msg: '密码设置成功', data: null });
    for (const token of [m.token, second]) {
      expect(body(await userInfo(token)).code).toBe(ResultCode.TOKEN_INVALID);
    }
    const old = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc(DEFAULT_MEMBER_PASSWORD),
    });
    expect(body(old).msg).toBe('账号或密码错误');
    const fresh = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc('Fresh#2024'),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an unknown account after a right code and mismatched passwords', async () => {
    const phone = newPhone();
    const guessed = await call('POST', '/client/v1/user/password', {
      account: phone,
      code: '123456',
      password: await enc('Fresh#2024'),
      confirmPassword: await enc('Fresh#2024'),
    });
    expect(body(guessed).msg).toBe('验证码已失效，请重新获取');
    await sendCode(phone, 3);
    const unknown = await call('POST', '/client/v1/user/password', {
      account: phone,
      code: codes.last(phone, 3),
      password: await enc('Fresh#2024'),
      confirmPassword: await enc('Fresh#2024'),
    });
    expect(body(unknown).msg).toBe('该账号未注册');
    const m = await createMember(ctx);
    const mismatch = await call('POST', '/client/v1/user/password', {
      account: m.account,
      code: '123456',
      password: await enc('Fresh#2024'),
      confirmPassword: await enc('Fresh#2025'),
    });
    expect(body(mismatch).msg).toBe('两次输入的密码不一致');
  });

  it('refuses a weak new password, or one holding the other contact, and keeps the old one', async () => {
    const m = await createMember(ctx);
    await ctx.db
      .updateTable('users')
      .set({ email: 'wang.fang@example.com' })
      .where('id', '=', m.userId)
      .execute();
    const reset = async (password: string) => {
      await timePasses(60_000);
      await sendCode(m.account, 3);
      return call('POST', '/client/v1/user/password', {
        account: m.account,
        code: codes.last(m.account, 3),
        password: await enc(password),
        confirmPassword: await enc(password),
      });
    };
    const weak = await reset('11111111');
    expect([weak.statusCode, body(weak).msg]).toEqual([400, PASSWORD_MSG.common]);
    const own = await reset(`${m.account}a`);
    expect(body(own).msg).toBe(PASSWORD_MSG.personal);
    // The email is checked once the code has shown who is asking.
    const email = await reset('Wang.Fang#2024');
    expect(body(email).msg).toBe(PASSWORD_MSG.personal);
    const old = await call('POST', '/client/v1/user/account-access', {
      account: m.account,
      password: await enc(DEFAULT_MEMBER_PASSWORD),
    });
    expect(old.statusCode).toBe(200);
  });
});

describe('logout and token renewal', () => {
  it('answers 600 without a token and 601 for an unknown one', async () => {
    const missing = await userInfo('');
    expect(missing.statusCode).toBe(401);
    expect(body(missing)).toMatchObject({ code: 600, data: null });
    const invalid = await userInfo('not-a-token');
    expect(invalid.statusCode).toBe(401);
    expect(body(invalid).code).toBe(601);
    expect(body(await call('DELETE', '/client/v1/user/access')).code).toBe(600);
    expect(body(await call('PUT', '/manage/v1/access')).code).toBe(600);
  });

  it('revokes the token on logout', async () => {
    const m = await createMember(ctx);
    const res = await call('DELETE', '/client/v1/user/access', undefined, { token: m.token });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, msg: '退出成功', data: null });
    expect(body(await userInfo(m.token)).code).toBe(601);
    expect(
      body(await call('DELETE', '/client/v1/user/access', undefined, { token: m.token })).code,
    ).toBe(601);
    expect(body(await call('PUT', '/manage/v1/access', undefined, { token: m.token })).code).toBe(
      601,
    );
  });

  it('rotates a live token: the new one works, the old one is dead', async () => {
    const m = await createMember(ctx);
    const res = await call('PUT', '/manage/v1/access', undefined, { token: `Bearer ${m.token}` });
    expect(res.statusCode).toBe(200);
    const { data } = body<{ token: string; exp: number }>(res);
    expect(data.token).not.toBe(m.token);
    expect(data.exp).toBeGreaterThan(Date.now());
    expect((await userInfo(data.token)).statusCode).toBe(200);
    expect(body(await userInfo(m.token)).code).toBe(601);
    expect(body(await call('PUT', '/manage/v1/access', undefined, { token: m.token })).code).toBe(
      601,
    );
  });

  it('renews member tokens only: a staff token is refused and keeps working', async () => {
    const staff = await createStaff(ctx.db, ['admin']);
    const res = await call('PUT', '/manage/v1/access', undefined, { token: staff.token });
    expect([res.statusCode, body(res).code]).toEqual([401, ResultCode.TOKEN_INVALID]);
    const me = await call('GET', '/manage/v1/staff/me', undefined, { token: staff.token });
    expect(me.statusCode).toBe(200);
  });

  it('answers 602 for an expired token and renews it while renewable', async () => {
    const m = await createMember(ctx);
    await ctx.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 1000 })
      .where('userId', '=', m.userId)
      .execute();
    const expired = await userInfo(m.token);
    expect(expired.statusCode).toBe(401);
    expect(body(expired).code).toBe(602);
    const renewed = await call('PUT', '/manage/v1/access', undefined, { token: m.token });
    expect(renewed.statusCode).toBe(200);
    const { token } = body<{ token: string }>(renewed).data;
    expect((await userInfo(token)).statusCode).toBe(200);
    expect(body(await userInfo(m.token)).code).toBe(601);
  });

  it('refuses to renew a token past its renewal window', async () => {
    const m = await createMember(ctx);
    await ctx.db
      .updateTable('sessions')
      .set({ expiresAt: Date.now() - 2000, renewableUntil: Date.now() - 1000 })
      .where('userId', '=', m.userId)
      .execute();
    const res = await call('PUT', '/manage/v1/access', undefined, { token: m.token });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(602);
  });
});

describe('configured per-IP code limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ CODE_SENDS_PER_IP_HOUR: '3' });
  });
  afterAll(() => limited.close());

  it('allows CODE_SENDS_PER_IP_HOUR sends an hour from one address', async () => {
    const ip = uniqueIp();
    const send = () =>
      limited.app.inject({
        method: 'POST',
        url: '/client/v1/user/verification-code',
        payload: { id: newPhone(), scene: 2 },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});
