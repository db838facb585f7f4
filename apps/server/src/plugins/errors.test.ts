import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { CONCURRENT_DUPLICATE } from './errors.ts';

describe('envelope and error contract', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers the health check in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/system/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, msg: '操作成功', data: { status: 'ok' } });
  });

  it('answers unknown API paths with a 404 envelope, never HTML', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(body(res)).toMatchObject({ code: 1, msg: '接口不存在', data: null });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/system/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(body(res).code).toBe(1);
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/system/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The console frames a buyer's PDF document from a blob: address.
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('server faults', () => {
  it('answers a 500 with a request id that the error log line carries', async () => {
    const ctx = await createTestContext();
    const lines: string[] = [];
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    app.get('/client/v1/test-fault', async () => {
      throw new Error('database exploded at /secret/path');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/client/v1/test-fault' });
      expect(res.statusCode).toBe(500);
      const answer = JSON.parse(res.body) as { msg: string; requestId: string };
      expect(answer.msg).toBe('服务器繁忙，请稍后重试');
      expect(res.body).not.toContain('/secret/path');
      expect(answer.requestId).toMatch(/^[0-9a-f]{16}$/);
      expect(res.headers['x-request-id']).toBe(answer.requestId);
      const logged = lines
        .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: { message: string } })
        .find((l) => l.msg === 'unhandled error');
      expect(logged?.reqId).toBe(answer.requestId);
      expect(logged?.err?.message).toContain('database exploded');
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});

describe('a unique key no feature names', () => {
  it('answers a duplicate that only the database caught with a 400, not a 500', async () => {
    const ctx = await createTestContext();
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    await ctx.db.insertInto('brands').values({ name: '甲', sort: 1 }).execute();
    app.post('/client/v1/test-duplicate', async () => {
      await ctx.db.insertInto('brands').values({ name: '甲', sort: 2 }).execute();
      return null;
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'POST', url: '/client/v1/test-duplicate' });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 1, msg: CONCURRENT_DUPLICATE, data: null });
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});
