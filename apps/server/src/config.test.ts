import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../test/helpers.ts';
import { captureCodes, uniqueIp } from '../test/fixtures/account.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { codeChannelWarnings } from './domains/account/index.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

describe('configuration', () => {
  it('stops on wrong values, naming each variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be a port number/);
    expect(() => loadConfig({ SEED: 'demos' })).toThrow(/SEED="demos": must be "demo" or "none"/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud', CODE_SENDS_PER_IP_HOUR: '-1' })).toThrow(
      /LOG_LEVEL="loud".*\n.*CODE_SENDS_PER_IP_HOUR="-1"/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
  });

  it('takes a heap limit for the serving processes in MB, none by default', () => {
    expect(loadConfig({}).heapLimitMb).toBeNull();
    expect(loadConfig({ HEAP_LIMIT_MB: '512' }).heapLimitMb).toBe(512);
    for (const bad of ['64', '512MB', '0.5', '-1']) {
      expect(() => loadConfig({ HEAP_LIMIT_MB: bad }), bad).toThrow(/HEAP_LIMIT_MB=/);
    }
  });

  it('seeds demo data only outside production or when asked for', () => {
    expect(loadConfig({}).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
  });

  it('takes trusted proxies as addresses or CIDR ranges, never "trust anyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    for (const bad of ['1', 'true', '10.0.0.0/33', '10.0.0', 'proxy.local', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('says at start how codes are delivered', () => {
    expect(codeChannelWarnings(loadConfig({}))).toEqual([
      'SMS_PROVIDER is not set: phone verification codes are printed on stdout',
      'SMTP_URL is not set: email verification codes are printed on stdout',
    ]);
    expect(codeChannelWarnings(loadConfig({ NODE_ENV: 'production' }))[0]).toContain(
      'refused (production never prints codes)',
    );
  });

  it('the server exits with the message before touching anything', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-config-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'abc', SEED: 'nope', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT="abc"');
    expect(run.stderr).toContain('SEED="nope"');
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('trusted proxies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function ipSeen(trustProxy: string, remoteAddress: string, forwardedFor: string) {
    const app = await buildApp({ config: { ...ctx.config, ...loadTrust(trustProxy) }, db: ctx.db });
    app.get('/client/v1/test-ip', async (request) => ({ code: 0, msg: '', data: request.ip }));
    await app.ready();
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/client/v1/test-ip',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return body<string>(res).data;
    } finally {
      await app.close();
    }
  }
  const loadTrust = (value: string) => ({
    trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy,
  });

  it('ignores X-Forwarded-For unless it comes from a listed proxy', async () => {
    expect(await ipSeen('', '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ipSeen('10.0.0.0/8', '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ipSeen('10.0.0.0/8', '10.1.2.3', '198.51.100.1')).toBe('198.51.100.1');
  });

  it('does not let a client spoof its address through a trusted proxy', async () => {
    // The proxy appends the real client to what the client sent; only that last entry counts.
    expect(await ipSeen('10.0.0.0/8', '10.1.2.3', '1.1.1.1, 198.51.100.1')).toBe('198.51.100.1');
  });
});

describe('production without code providers', () => {
  let ctx: TestContext;
  let codes: ReturnType<typeof captureCodes>;
  beforeAll(async () => {
    ctx = await createTestContext({ NODE_ENV: 'production' });
    codes = captureCodes();
  });
  afterAll(async () => {
    codes.restore();
    await ctx.close();
  });

  it('refuses to send codes with a clear message and never prints one', async () => {
    for (const [id, what] of [
      ['13912340000', '短信'],
      ['someone@example.com', '邮件'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/user/verification-code',
        payload: { id, scene: 2 },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(503);
      expect(body(res).msg).toBe(`暂时无法发送${what}验证码，请联系客服`);
    }
    expect(codes.printed).toEqual([]);
    // The refused codes cannot be used either.
    const live = await ctx.db.selectFrom('verificationCodes').select('consumedAt').execute();
    expect(live.every((c) => c.consumedAt !== null)).toBe(true);
  });
});
