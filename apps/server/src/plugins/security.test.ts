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
