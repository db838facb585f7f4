import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { body, createTestContext, type TestContext } from '../../../../test/helpers.ts';
import {
  captureCodes,
  createMember,
  encryptPassword,
  uniqueIp,
} from '../../../../test/fixtures/account.ts';
import { createCodeDelivery } from './index.ts';
import { signAliyunRpc } from './sms-aliyun.ts';

const sendCode = (ctx: TestContext, id: string, scene: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/client/v1/user/verification-code',
    payload: { id, scene },
    remoteAddress: uniqueIp(),
  });

describe('Aliyun RPC signature', () => {
  it('matches the worked example of the Aliyun signature documentation', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(signAliyunRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('channel selection', () => {
  it('refuses an unknown provider or an incomplete Aliyun configuration at start-up', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(
      /SMS_PROVIDER="carrier-pigeon": must be "aliyun" or empty/,
    );
    expect(() =>
      createCodeDelivery(loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'id' })),
    ).toThrow(/SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE/);
  });
});

/** Reads the text part of a raw message as nodemailer encodes it (base64 or quoted-printable). */
function messageText(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const content = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const qp = content.replace(/=\r?\n/g, '');
  return Buffer.from(
    qp.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('email codes through SMTP', () => {
  interface Mail {
    from: string;
    to: string[];
    raw: string;
    user: unknown;
  }
  const mails: Mail[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;
  let codes: ReturnType<typeof captureCodes>;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === 'shop' && auth.password === 's3cret') cb(null, { user: 'shop' });
        else cb(new Error('Invalid username or password'));
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          mails.push({
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: session.user,
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestContext({
      SMTP_URL: `smtp://shop:s3cret@127.0.0.1:${port}`,
      SMTP_FROM: 'shop@labshop.test',
    });
    codes = captureCodes();
  });
  afterAll(async () => {
    codes.restore();
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails the code to the address and the code works', async () => {
    const m = await createMember(ctx, { account: 'mail.member@example.com' });
    const printedBefore = codes.printed.length;
    const res = await sendCode(ctx, 'Mail.Member@example.com', 3);
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe('验证码已发送');
    expect(codes.printed.length).toBe(printedBefore);

    const mail = mails.at(-1);
    expect(mail).toMatchObject({ from: 'shop@labshop.test', to: [m.account], user: 'shop' });
    const text = messageText(mail?.raw ?? '');
    expect(text).toContain('找回密码验证码');
    const code = /验证码为 (\d{6})/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const password = await encryptPassword(ctx.app, 'Mail#2024x');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/user/password',
      payload: { account: m.account, code, password, confirmPassword: password },
      remoteAddress: uniqueIp(),
    });
    expect(reset.statusCode).toBe(200);
  });

  it('still prints phone codes when only SMTP is configured', async () => {
    const m = await createMember(ctx);
    await sendCode(ctx, m.account, 1);
    expect(codes.last(m.account, 1)).toMatch(/^\d{6}$/);
  });

  it('answers a clear error without internals when the mail server is down', async () => {
    const down = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const m = await createMember(down, { account: 'nobody.home@example.com' });
      const res = await sendCode(down, m.account, 3);
      expect(res.statusCode).toBe(500);
      expect(body(res)).toEqual({ code: 1, msg: '邮件发送失败，请稍后重试', data: null });
      // The undelivered code is dead.
      const row = await down.db
        .selectFrom('verificationCodes')
        .selectAll()
        .where('target', '=', m.account)
        .executeTakeFirstOrThrow();
      expect(row.consumedAt).not.toBeNull();
    } finally {
      await down.close();
    }
  });
});

describe('SMS codes through the Aliyun adapter', () => {
  const ACCESS_KEY_ID = 'LTAI-test-id';
  const SECRET = 'test-secret/+=';
  interface Received {
    params: Record<string, string>;
  }
  const received: Received[] = [];
  let answer: 'ok' | 'limit' | 'garbage' = 'ok';
  let server: http.Server;
  let ctx: TestContext;

  /** Checks a request the way the provider does; answers its JSON shapes. */
  function provider(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const params = Object.fromEntries(
        new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      );
      const { Signature: signature = '', ...signed } = params;
      const encode = (s: string) =>
        encodeURIComponent(s).replace(
          /[!'()*]/g,
          (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
        );
      const canonical = Object.keys(signed)
        .sort()
        .map((k) => `${encode(k)}=${encode(signed[k] ?? '')}`)
        .join('&');
      const expected = createHmac('sha1', `${SECRET}&`)
        .update(`${req.method ?? ''}&%2F&${encode(canonical)}`)
        .digest('base64');
      const reply = (status: number, payload: object | string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      received.push({ params });
      if (signature !== expected || params.AccessKeyId !== ACCESS_KEY_ID) {
        reply(400, {
          Code: 'SignatureDoesNotMatch',
          Message: 'Specified signature is not matched.',
        });
        return;
      }
      if (answer === 'garbage') return reply(502, '<html>bad gateway</html>');
      if (answer === 'limit') {
        return reply(200, {
          Code: 'isv.BUSINESS_LIMIT_CONTROL',
          Message: '触发分钟级流控',
          RequestId: 'r-2',
        });
      }
      reply(200, { Message: 'OK', RequestId: 'r-1', BizId: '9006197469364984^0', Code: 'OK' });
    });
  }

  beforeAll(async () => {
    server = http.createServer(provider);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestContext({
      SMS_PROVIDER: 'aliyun',
      SMS_ENDPOINT: `http://127.0.0.1:${port}/`,
      SMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
      SMS_ACCESS_KEY_SECRET: SECRET,
      SMS_SIGN_NAME: '实验室标准品商城',
      SMS_TEMPLATE_CODE: 'SMS_154950909',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends a signed SendSms request and the code logs the member in', async () => {
    answer = 'ok';
    const m = await createMember(ctx);
    const res = await sendCode(ctx, m.account, 1);
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe('验证码已发送');
    const { params } = received.at(-1) ?? { params: {} };
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      PhoneNumbers: m.account,
      SignName: '实验室标准品商城',
      TemplateCode: 'SMS_154950909',
    });
    expect(params.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Math.abs(Date.parse(params.Timestamp ?? '') - Date.now())).toBeLessThan(60_000);
    expect(params.SignatureNonce).toBeTruthy();
    const code = (JSON.parse(params.TemplateParam ?? '{}') as { code: string }).code;
    expect(code).toMatch(/^\d{6}$/);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/user/verification-access',
      payload: { phone: m.account, code },
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers a clear error without internals when the provider refuses or breaks', async () => {
    for (const mode of ['limit', 'garbage'] as const) {
      answer = mode;
      const m = await createMember(ctx);
      const res = await sendCode(ctx, m.account, 3);
      expect(res.statusCode).toBe(500);
      expect(body(res)).toEqual({ code: 1, msg: '短信发送失败，请稍后重试', data: null });
      const row = await ctx.db
        .selectFrom('verificationCodes')
        .select('consumedAt')
        .where('target', '=', m.account)
        .executeTakeFirstOrThrow();
      expect(row.consumedAt).not.toBeNull();
    }
  });
});
