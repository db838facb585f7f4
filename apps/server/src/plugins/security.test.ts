import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { insertCategory } from '../../test/fixtures/catalogue.ts';

describe('compression of answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    for (let i = 0; i < 60; i++)
      await insertCategory(ctx.db, { pid: 0, title: `分类${i}`, sort: i });
  });
  afterAll(() => ctx.close());

  const children = (encoding: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/client/v1/categories/children?pid=0',
      headers: { 'accept-encoding': encoding },
    });

  it('compresses a large JSON answer with brotli or gzip as the client accepts', async () => {
    const br = await children('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const fromBr = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as {
      data: unknown[];
    };
    expect(fromBr.data).toHaveLength(60);

    const gz = await children('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const fromGz = JSON.parse(gunzipSync(gz.rawPayload).toString()) as { data: unknown[] };
    expect(fromGz.data).toEqual(fromBr.data);
  });

  it('answers plain JSON to clients that accept no encoding', async () => {
    const res = await children('identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(res.body) as { data: unknown[] }).data).toHaveLength(60);
  });
});

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  /** What helmet set on every answer before its headers were worked out once at start. */
  const HELMET = {
    'content-security-policy':
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;frame-src 'self' blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('sets the same headers on answers, refusals and unknown addresses, with a request id', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/client/v1/system/company' }),
      ctx.app.inject({ method: 'GET', url: '/client/v1/no-such-thing' }),
      ctx.app.inject({
        method: 'POST',
        url: '/client/v1/products',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400]);
    for (const res of answers) {
      expect(res.headers).toMatchObject(HELMET);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS only to answers that went over TLS', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/system/company',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers).toMatchObject(HELMET);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
