import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../test/helpers.ts';

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
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
