import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { indexProducts } from '../search/index.ts';
import type * as SearchService from '../search/search.service.ts';

/** Every search the server runs, counted: the search page must run its term once. */
const searches = vi.hoisted(() => ({ count: 0 }));
vi.mock('../search/search.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof SearchService>();
  return {
    ...real,
    searchProducts: (...args: Parameters<typeof real.searchProducts>) => {
      searches.count += 1;
      return real.searchProducts(...args);
    },
  };
});

const SHELL = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />
<title>一方标准品商城</title></head><body><div id="root"></div></body></html>`;

describe('the search page', () => {
  let ctx: TestContext;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-seo-once-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
    ctx = await createTestContext({ WEB_DIR: webDir });
    const p = await insertProduct(ctx.db, { name: '山梨酸', cas: '110-44-1', materials: [{}] });
    await indexProducts(ctx.db, [p.id]);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('runs its search once and writes its text from that answer', async () => {
    searches.count = 0;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/search?name=${encodeURIComponent('山梨酸')}`,
      headers: { host: 'shop.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>山梨酸 搜索结果 - 一方标准品商城</title>');
    expect(res.body).toContain('共 1 条');
    expect(searches.count).toBe(1);
  });
});
