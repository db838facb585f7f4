import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertBrand, insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { rebuildSearchIndex } from './search.indexer.ts';

let ctx: TestContext;
let operator: StaffMember;
let warehouse: StaffMember;

const URL_BASE = '/manage/v1/search-synonyms';

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who = operator,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: who.token },
    ...(payload ? { payload } : {}),
  });
}

async function list() {
  return body<Array<{ term: string; expansion: string }>>(await call('GET', URL_BASE)).data;
}

/** The storefront's search, names only. */
async function search(key: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products',
    payload: { key, page: 1, size: 20 },
  });
  return body<{ records: ProductCard[] }>(res).data.records.map((r) => r.name);
}

const auditCount = async (target: string) =>
  (
    await ctx.db.selectFrom('auditLogs').select('action').where('target', '=', target).execute()
  ).map((r) => r.action);

beforeAll(async () => {
  // The catalogue cache is on: a synonym write must not leave a cached search answer behind.
  ctx = await createTestContext({ CATALOGUE_CACHE: '1' });
  operator = await createStaff(ctx.db, ['operator']);
  warehouse = await createStaff(ctx.db, ['warehouse']);
  const brandId = await insertBrand(ctx.db, { name: 'Yifanglab', sort: 1 });
  await insertProduct(ctx.db, { name: '异丙醇', nameEn: '2-Propanol', brandId });
  await insertProduct(ctx.db, { name: '乙腈', nameEn: 'Acetonitrile', brandId });
  await rebuildSearchIndex(ctx.db);
});
afterAll(() => ctx.close());

describe('search synonyms kept by staff', () => {
  it('adds a synonym the storefront search reads at once, cached answers included', async () => {
    expect(await search('IPA')).toEqual([]);
    const res = await call('POST', URL_BASE, operator, { term: ' IPA ', expansion: '异丙醇' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ term: 'ipa', expansion: '异丙醇' });
    expect(await list()).toEqual([{ term: 'ipa', expansion: '异丙醇' }]);
    expect(await search('IPA')).toEqual(['异丙醇']);
    expect(await auditCount('search-synonym:ipa')).toEqual(['search-synonym.create']);
  });

  it('refuses a term that exists in any case, an empty word and a word equal to its term', async () => {
    const dup = await call('POST', URL_BASE, operator, { term: 'Ipa', expansion: '乙腈' });
    expect([dup.statusCode, body(dup).msg]).toEqual([400, '搜索词已存在：ipa']);
    const empty = await call('POST', URL_BASE, operator, { term: 'acn', expansion: '  ' });
    expect(body(empty).msg).toBe('请输入对应的商品用词');
    const same = await call('POST', URL_BASE, operator, { term: '乙腈', expansion: '乙腈' });
    expect(body(same).msg).toBe('搜索词与对应的商品用词不能相同');
    expect(await list()).toEqual([{ term: 'ipa', expansion: '异丙醇' }]);
  });

  it('edits a synonym, its term too; the old term no longer reads as the product', async () => {
    await call('POST', URL_BASE, operator, { term: 'mecn', expansion: '乙腈' });
    const taken = await call('PUT', `${URL_BASE}/ipa`, operator, {
      term: 'MeCN',
      expansion: '异丙醇',
    });
    expect(body(taken).msg).toBe('搜索词已存在：mecn');

    const res = await call('PUT', `${URL_BASE}/ipa`, operator, {
      term: 'iPrOH',
      expansion: '异丙醇',
    });
    expect(res.statusCode).toBe(200);
    expect(await list()).toEqual([
      { term: 'iproh', expansion: '异丙醇' },
      { term: 'mecn', expansion: '乙腈' },
    ]);
    expect(await search('IPA')).toEqual([]);
    expect(await search('iPrOH')).toEqual(['异丙醇']);
    expect(await auditCount('search-synonym:ipa')).toEqual([
      'search-synonym.create',
      'search-synonym.update',
    ]);

    const missing = await call('PUT', `${URL_BASE}/${encodeURIComponent('不存在')}`, operator, {
      term: 'x',
      expansion: '乙腈',
    });
    expect([missing.statusCode, body(missing).msg]).toEqual([404, '搜索词不存在']);
  });

  it('deletes a synonym; the search stops reading it', async () => {
    expect(await search('MeCN')).toEqual(['乙腈']);
    const res = await call('DELETE', `${URL_BASE}/MeCN`);
    expect(res.statusCode).toBe(200);
    expect(await search('MeCN')).toEqual([]);
    expect((await list()).map((s) => s.term)).toEqual(['iproh']);
    expect(await auditCount('search-synonym:mecn')).toEqual([
      'search-synonym.create',
      'search-synonym.delete',
    ]);
  });

  it('is a catalogue permission: the warehouse role may neither read nor write it', async () => {
    const read = await call('GET', URL_BASE, warehouse);
    expect(read.statusCode).toBe(403);
    const write = await call('POST', URL_BASE, warehouse, { term: 'thf', expansion: '四氢呋喃' });
    expect(write.statusCode).toBe(403);
    expect((await list()).map((s) => s.term)).toEqual(['iproh']);
  });
});
