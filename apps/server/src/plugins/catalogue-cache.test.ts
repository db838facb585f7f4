import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../test/helpers.ts';
import { createMember, type Member } from '../../test/fixtures/account.ts';
import { insertProduct } from '../../test/fixtures/catalogue.ts';
import { createStaff } from '../../test/fixtures/manage.ts';
import { createDatabase } from '../db/database.ts';
import {
  bumpCatalogueVersion,
  catalogueVersion,
  VERSION_TTL_MS,
} from '../lib/catalogue-version.ts';

let ctx: TestContext;
let member: Member;
let productId: number;
let materialId: number;

const detail = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/client/v1/products/${productId}`, headers });
const setPrice = (fen: number) =>
  ctx.db.updateTable('materials').set({ price: fen }).where('id', '=', materialId).execute();

beforeAll(async () => {
  ctx = await createTestContext({ CATALOGUE_CACHE: '1' });
  member = await createMember(ctx);
  const p = await insertProduct(ctx.db, {
    name: '缓存测试品',
    materials: [{ pack: '10mg', price: 10_000, userPrice: 8_000 }],
  });
  productId = p.id;
  materialId = p.materialIds[0] ?? 0;
});
afterAll(async () => ctx.close());
afterEach(() => vi.useRealTimers());

describe('cached anonymous catalogue answers', () => {
  it('answers visitors from the cache until the catalogue version changes', async () => {
    const first = await detail();
    expect(first.statusCode).toBe(200);
    expect(body<ProductDetail>(first).data.materials[0]?.price).toBe(100);
    const etag = first.headers.etag;
    // The catalogue version and the day (lots expire at midnight), then the request's hash.
    expect(etag).toMatch(/^W\/"\d+@\d+-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    await setPrice(12_000);
    const cached = await detail();
    expect(body<ProductDetail>(cached).data.materials[0]?.price).toBe(100);
    expect(cached.headers.etag).toBe(etag);
    expect(cached.headers['content-type']).toBe(first.headers['content-type']);
    expect(cached.body).toBe(first.body);

    await bumpCatalogueVersion(ctx.db);
    const fresh = await detail();
    expect(body<ProductDetail>(fresh).data.materials[0]?.price).toBe(120);
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it('answers 304 without a body to a matching If-None-Match, 200 once the catalogue changed', async () => {
    const etag = String((await detail()).headers.etag);
    const revalidated = await detail({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    await bumpCatalogueVersion(ctx.db);
    const changed = await detail({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(body<ProductDetail>(changed).data.name).toBe('缓存测试品');
  });

  it('never serves a cached answer to a member, nor caches theirs', async () => {
    await detail();
    const mine = await detail({ authorization: `Bearer ${member.token}` });
    expect(mine.headers.etag).toBeUndefined();
    expect(body<ProductDetail>(mine).data.materials[0]?.userPrice).toBe(80);
    const visitor = await detail();
    expect(body<ProductDetail>(visitor).data.materials[0]?.userPrice).toBeNull();
  });

  it('keys answers by the request: other bodies and pages are not mixed up', async () => {
    const page = (size: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/client/v1/products/part',
        payload: { tag: 'hot', page: 1, size },
      });
    await ctx.db.updateTable('products').set({ isHot: 1 }).where('id', '=', productId).execute();
    await bumpCatalogueVersion(ctx.db);
    expect(body<{ size: number }>(await page(5)).data.size).toBe(5);
    expect(body<{ size: number }>(await page(7)).data.size).toBe(7);
  });

  it('keeps answers compressed for the encoding asked for', async () => {
    const long = await insertProduct(ctx.db, {
      name: '压缩测试品',
      introduction: '用于校准的标准物质，'.repeat(200),
      materials: [{ pack: '1mL', price: 5_000 }],
    });
    await bumpCatalogueVersion(ctx.db);
    const get = (encoding: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/client/v1/products/${long.id}`,
        headers: { 'accept-encoding': encoding },
      });
    const first = await get('br');
    expect(first.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect((JSON.parse(text) as { data: { name: string } }).data.name).toBe('压缩测试品');
    // Another encoding is another entry, compressed for it; no encoding gets the JSON text.
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(text);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);

    await ctx.db
      .updateTable('materials')
      .set({ price: 9_000 })
      .where('productId', '=', long.id)
      .execute();
    for (const [encoding, answer] of [
      ['br', first],
      ['gzip', gzip],
    ] as const) {
      const cached = await get(encoding);
      expect(cached.headers['content-encoding']).toBe(encoding);
      expect(cached.headers.vary).toBe('accept-encoding');
      expect(cached.headers.etag).toBe(first.headers.etag);
      expect(cached.rawPayload.equals(answer.rawPayload)).toBe(true);
    }
  });

  it("keeps company info until staff save the footer's licence numbers", async () => {
    const company = async () =>
      body<{ hazardLicence: string }>(
        await ctx.app.inject({ method: 'GET', url: '/client/v1/system/company' }),
      ).data.hazardLicence;
    const staff = await createStaff(ctx.db, ['operator']);
    const before = await company();
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/manage/v1/settings/licences',
      headers: { authorization: staff.token },
      payload: { hazardLicence: '京应急危化经字〔2026〕000456号', precursorRecord: '' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(before).not.toBe('京应急危化经字〔2026〕000456号');
    expect(await company()).toBe('京应急危化经字〔2026〕000456号');
  });

  it('does not cache errors', async () => {
    const missing = () => ctx.app.inject({ method: 'GET', url: '/client/v1/products/999999' });
    expect((await missing()).statusCode).toBe(404);
    const t = Date.now();
    await ctx.db
      .insertInto('products')
      .values({
        id: 999_999,
        categoryId: null,
        brandId: null,
        name: '后加商品',
        nameEn: '',
        alias: '',
        synonyms: '',
        introduction: '',
        cas: '',
        number: 'LATE-1',
        temperature: '',
        molecularWeight: '',
        molecularFormula: '',
        image: '',
        images: '[]',
        control: '',
        mdl: '',
        nationalStandard: '',
        purity: '',
        attributes: '{}',
        summary: '',
        isHot: 0,
        isNew: 0,
        sort: 0,
        createdAt: t,
        updatedAt: t,
      })
      .execute();
    expect((await missing()).statusCode).toBe(200);
  });
});

describe('catalogue version across instances', () => {
  it('another instance sees a bump within the version TTL', async () => {
    const other = createDatabase({
      databaseUrl: ctx.config.databaseUrl,
      sqliteFile: path.join(ctx.config.dataDir, 'test.sqlite'),
    });
    // A fresh copy of the module stands for another process: it shares only the database.
    vi.resetModules();
    const otherInstance = await import('../lib/catalogue-version.ts');
    try {
      vi.useFakeTimers({ toFake: ['performance'] });
      const before = await otherInstance.catalogueVersion(other);
      const bumped = await bumpCatalogueVersion(ctx.db);
      expect(bumped).toBe(before + 1);
      expect(await otherInstance.catalogueVersion(other)).toBe(before);
      vi.advanceTimersByTime(VERSION_TTL_MS + 1);
      expect(await otherInstance.catalogueVersion(other)).toBe(bumped);
    } finally {
      await other.destroy();
    }
  });

  it('a bump through a transaction is seen at once by this process', async () => {
    const before = await catalogueVersion(ctx.db);
    await ctx.db.transaction().execute((trx) => bumpCatalogueVersion(trx));
    expect(await catalogueVersion(ctx.db)).toBe(before + 1);
  });
});
