import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../test/helpers.ts';

describe('storefront serving', () => {
  let ctx: TestContext;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    ctx = await createTestContext({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers client routes with the app shell, never cached', async () => {
    for (const url of ['/', '/products', '/userinfo/1-1', '/search?name=%E7%94%B2%E9%86%87']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a product that does not exist with the shell and 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/products/12' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never answers unknown API paths with the shell', async () => {
    for (const url of [
      '/client/v1/unknown',
      '/yifanglab-client/v1/x',
      '/manage/v1/x',
      '/files/none.pdf',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ code: 1, data: null });
    }
  });

  it('answers non-GET unknown paths with the 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(1);
  });
});
