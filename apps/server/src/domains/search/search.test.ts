import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import type { Brand, ProductCard, RelationName } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import {
  insertBrand,
  insertCategory,
  insertProduct,
  insertStore,
  type ProductFixture,
} from '../../../test/fixtures/catalogue.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { indexProducts, rebuildSearchIndex } from './search.indexer.ts';
import * as service from './search.service.ts';

interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}

let ctx: TestContext;
let member: Member;
let brandA: number;
let brandB: number;
const id: Record<string, number> = {};

async function add(name: string, fixture: ProductFixture) {
  id[name] = (await insertProduct(ctx.db, { name, ...fixture })).id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
  brandA = await insertBrand(ctx.db, { name: '坛墨质检', sort: 1 });
  brandB = await insertBrand(ctx.db, { name: '阿尔塔', sort: 2 });
  const store = await insertStore(ctx.db, { name: '北京仓' });
  const standards = await insertCategory(ctx.db, { title: '标准品' });
  const pesticides = await insertCategory(ctx.db, { pid: standards, title: '农药残留标准品' });
  const pack = { pack: '100mg', price: 12000, userPrice: 9900, stocks: { [store]: 12 } };

  await add('苯甲酸', {
    nameEn: 'Benzoic acid',
    alias: '安息香酸',
    synonyms: 'Carboxybenzene',
    cas: '65-85-0',
    number: 'BW-1001',
    brandId: brandA,
    categoryId: pesticides,
    materials: [pack],
  });
  await add('4-甲基苯甲酸', {
    nameEn: '4-Methylbenzoic acid',
    alias: '对甲基苯甲酸',
    synonyms: 'p-Toluic acid',
    cas: '99-94-5',
    number: 'BW-1002',
    brandId: brandB,
  });
  await add('甲苯', {
    nameEn: 'Toluene',
    synonyms: '甲基苯',
    cas: '108-88-3',
    number: 'bw-1003',
    brandId: brandA,
  });
  await add('敌敌畏', {
    nameEn: 'Dichlorvos',
    alias: 'DDVP',
    synonyms: '二氯松',
    cas: '62-73-7',
    number: 'NY-2001',
    brandId: brandB,
    categoryId: pesticides,
  });
  await add('甲醇', { nameEn: 'Methanol', cas: '67-56-1', number: '1000' });
  await add('甲醇中苯溶液', {
    nameEn: 'Benzene solution 1000 μg/mL in methanol',
    cas: '71-43-2',
    number: 'BW-1006',
    brandId: brandB,
  });
  await add('ABC 缓冲液', { number: 'ABC' });
  await rebuildSearchIndex(ctx.db);
});
afterAll(async () => ctx.close());

async function search(key: string, extra: Record<string, unknown> = {}, headers = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products',
    payload: { key, ...extra },
    headers,
  });
  expect(res.statusCode).toBe(200);
  return body<Paged<ProductCard>>(res).data;
}
const names = async (key: string, extra: Record<string, unknown> = {}) =>
  (await search(key, extra)).records.map((r) => r.name);

describe('POST /client/v1/products', () => {
  it('finds one Han character anywhere, name prefixes first, then by id', async () => {
    const page = await search('苯');
    expect(page.records.map((r) => r.name)).toEqual([
      '苯甲酸',
      '4-甲基苯甲酸',
      '甲苯',
      '甲醇中苯溶液',
    ]);
    expect(page).toMatchObject({ current: 1, size: 20, total: 4 });
  });

  it('finds two Han characters in names, aliases and synonyms', async () => {
    expect(await names('甲基')).toEqual(['4-甲基苯甲酸', '甲苯']);
    expect(await names('二氯松')).toEqual(['敌敌畏']);
  });

  it('finds longer Han terms by substring', async () => {
    expect(await names('苯甲酸')).toEqual(['苯甲酸', '4-甲基苯甲酸']);
    expect(await names('甲基苯甲酸')).toEqual(['4-甲基苯甲酸']);
    expect(await names('安息香酸')).toEqual(['苯甲酸']);
    expect(await names('甲基苯甲酸钠')).toEqual([]);
  });

  it('finds English names in any case and width, from the start of a word or name part', async () => {
    expect(await names('BENZOIC')).toEqual(['苯甲酸', '4-甲基苯甲酸']);
    expect(await names('ｂｅｎｚｏｉｃ ａｃｉｄ')).toEqual(['苯甲酸', '4-甲基苯甲酸']);
    expect(await names('Acid')).toEqual(['苯甲酸', '4-甲基苯甲酸']);
    expect(await names('methyl')).toEqual(['4-甲基苯甲酸']);
    expect(await names('methylbenzoic acid')).toEqual(['4-甲基苯甲酸']);
    expect(await names('cid')).toEqual([]);
    expect(await names('ethylbenzoic')).toEqual([]);
  });

  it('finds aliases and synonyms', async () => {
    expect(await names('ddvp')).toEqual(['敌敌畏']);
    expect(await names('toluic')).toEqual(['4-甲基苯甲酸']);
    expect(await names('carboxybenzene')).toEqual(['苯甲酸']);
  });

  it('combines several words, each matching a name, an item number or a CAS number', async () => {
    expect(await names('甲基 苯甲酸')).toEqual(['4-甲基苯甲酸']);
    expect(await names('苯甲酸 甲基')).toEqual(['4-甲基苯甲酸']);
    expect(await names('65-85-0 苯甲酸')).toEqual(['苯甲酸']);
    expect(await names('bw-1002 acid')).toEqual(['4-甲基苯甲酸']);
    expect(await names('甲 醇')).toEqual(['甲醇', '甲醇中苯溶液']);
    expect(await names('benzene methanol')).toEqual(['甲醇中苯溶液']);
    expect(await names('甲醇 65-85-0')).toEqual([]);
    expect(await names('苯甲酸 农药')).toEqual(['苯甲酸']);
    expect((await search('甲基 苯甲酸', { brandId: brandA })).total).toBe(0);
  });

  it('finds item numbers case-insensitively and lists exact item numbers first', async () => {
    expect(await names('bw-1001')).toEqual(['苯甲酸']);
    expect(await names('BW-1003')).toEqual(['甲苯']);
    const page = await search('1000');
    expect(page.records.map((r) => r.name)).toEqual(['甲醇', '甲醇中苯溶液']);
    expect(page.total).toBe(2);
  });

  it('counts a product once when its item number also appears in its name', async () => {
    const page = await search('abc');
    expect(page.records.map((r) => r.name)).toEqual(['ABC 缓冲液']);
    expect(page.total).toBe(1);
  });

  it('finds CAS numbers with or without hyphens and in full-width characters', async () => {
    for (const key of ['65-85-0', '65850', '6585-0', '６５－８５－０', ' 65-85-0 ']) {
      expect(await names(key)).toEqual(['苯甲酸']);
    }
  });

  it('finds the products of a category by its title, after text matches', async () => {
    expect(await names('农药残留标准品')).toEqual(['苯甲酸', '敌敌畏']);
    expect(await names('标准品')).toEqual(['苯甲酸', '敌敌畏']);
  });

  it('finds the products of a category by two or three characters of its title', async () => {
    expect(await names('农药')).toEqual(['苯甲酸', '敌敌畏']);
    expect(await names('残留标')).toEqual(['苯甲酸', '敌敌畏']);
    expect(await names('农残')).toEqual([]);
  });

  it('filters by brand with totals for that brand', async () => {
    const a = await search('苯', { brandId: brandA });
    expect(a.records.map((r) => r.name)).toEqual(['苯甲酸', '甲苯']);
    expect(a.total).toBe(2);
    const b = await search('苯', { brandId: brandB });
    expect(b.records.map((r) => r.name)).toEqual(['4-甲基苯甲酸', '甲醇中苯溶液']);
    expect((await search('甲基苯甲酸', { brandId: brandA })).total).toBe(0);
    // A term checked against the stored texts keeps a list of its matches: filtered and paged too.
    const listedA = await search('农药残留标准品', { brandId: brandA });
    expect(listedA.records.map((r) => r.name)).toEqual(['苯甲酸']);
    expect(listedA.total).toBe(1);
    const listedB = await search('农药残留标准品', { brandId: brandB, size: 1 });
    expect(listedB.records.map((r) => r.name)).toEqual(['敌敌畏']);
    expect(listedB.total).toBe(1);
    const second = await search('农药残留标准品', { page: 2, size: 1 });
    expect(second.records.map((r) => r.name)).toEqual(['敌敌畏']);
    expect(second.total).toBe(2);
  });

  it('pages with the total of all matches', async () => {
    const second = await search('苯', { page: 2, size: 3 });
    expect(second).toMatchObject({ current: 2, size: 3, total: 4 });
    expect(second.records.map((r) => r.name)).toEqual(['甲醇中苯溶液']);
    const beyond = await search('苯', { page: 3, size: 3 });
    expect(beyond).toMatchObject({ records: [], total: 4 });
    const exactThenText = await search('1000', { page: 2, size: 1 });
    expect(exactThenText.records.map((r) => r.name)).toEqual(['甲醇中苯溶液']);
  });

  it('hides member prices from visitors and shows them to members', async () => {
    const visitor = await search('bw-1001');
    expect(visitor.records[0]?.materials[0]).toMatchObject({ price: 120, userPrice: null });
    const logged = await search('bw-1001', {}, { authorization: member.token });
    expect(logged.records[0]?.materials[0]).toMatchObject({ price: 120, userPrice: 99 });
    expect(logged.records[0]?.materials[0]?.stocks).toEqual([
      expect.objectContaining({ storeName: '北京仓', materialCount: 12 }),
    ]);
  });

  it('refuses an empty or too long key without a server error', async () => {
    for (const payload of [{ key: '' }, { key: '   ' }, {}, { key: '\u200b' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/client/v1/products', payload });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 1, msg: '请输入搜索内容' });
    }
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products',
      payload: { key: '苯'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect(body(long).msg).toBe('搜索内容过长');
  });

  it('treats SQL and pattern characters as plain text', async () => {
    for (const key of ["' OR 1=1 --", '%', '_', '\\', '苯%', "苯'; drop table products; --"]) {
      expect((await search(key)).total).toBe(0);
    }
    expect(await names('苯')).toHaveLength(4);
  });
});

describe('POST /client/v1/products/brands', () => {
  it('counts the matches of each brand, most first, then in brand order', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products/brands',
      payload: { key: '甲' },
    });
    expect(body<Brand[]>(res).data).toEqual([
      { id: brandA, name: '坛墨质检', count: 2 },
      { id: brandB, name: '阿尔塔', count: 2 },
    ]);
    const one = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products/brands',
      payload: { key: '苯甲酸' },
    });
    expect(body<Brand[]>(one).data).toEqual([
      { id: brandA, name: '坛墨质检', count: 1 },
      { id: brandB, name: '阿尔塔', count: 1 },
    ]);
  });

  it('counts exact hits and verified matches too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products/brands',
      payload: { key: 'methylbenzoic acid' },
    });
    expect(body<Brand[]>(res).data).toEqual([{ id: brandB, name: '阿尔塔', count: 1 }]);
  });

  it('refuses an empty key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products/brands',
      payload: { key: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('请输入搜索内容');
  });
});

describe('POST /client/v1/products/relations', () => {
  it('lists distinct names of the best matches, at most 30', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 35; i++) {
      ids.push((await insertProduct(ctx.db, { name: `联苯胺同系物${i}` })).id);
    }
    ids.push((await insertProduct(ctx.db, { name: '联苯胺同系物1' })).id);
    await indexProducts(ctx.db, ids);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/products/relations',
      payload: { key: '联苯胺' },
    });
    const list = body<RelationName[]>(res).data;
    expect(list).toHaveLength(30);
    expect(new Set(list.map((r) => r.name)).size).toBe(30);
    expect(list[0]).toEqual({ id: ids[0], name: '联苯胺同系物1' });
    expect(list[29]?.name).toBe('联苯胺同系物30');
  });
});

describe('index updates', () => {
  it('follows renamed, re-branded and deleted products', async () => {
    const { id: pid } = await insertProduct(ctx.db, { name: '咖啡因', brandId: brandA });
    await indexProducts(ctx.db, [pid]);
    expect(await names('咖啡')).toEqual(['咖啡因']);

    await ctx.db
      .updateTable('products')
      .set({ name: '茶碱', brandId: brandB })
      .where('id', '=', pid)
      .execute();
    await indexProducts(ctx.db, [pid]);
    expect(await names('咖啡')).toEqual([]);
    expect((await search('茶碱', { brandId: brandB })).total).toBe(1);

    await ctx.db.deleteFrom('products').where('id', '=', pid).execute();
    await indexProducts(ctx.db, [pid]);
    expect((await search('茶碱')).total).toBe(0);
  });

  it('finds several words in products indexed after the words were searched', async () => {
    // The first search keeps the posting lists of 苯 and 酸; the index write must replace them.
    const before = await names('苯 酸');
    const { id: pid } = await insertProduct(ctx.db, { name: '苯氧乙酸', brandId: brandA });
    await indexProducts(ctx.db, [pid]);
    expect(await names('苯 酸')).toEqual([...before, '苯氧乙酸']);

    await ctx.db.deleteFrom('products').where('id', '=', pid).execute();
    await indexProducts(ctx.db, [pid]);
    expect(await names('苯 酸')).toEqual(before);
  });

  it('answers several words alike by intersecting postings and by checking texts', async () => {
    const terms = ['甲基 苯甲酸', '苯 酸', '甲 醇', 'benzene methanol', 'acid 苯', '苯甲酸 农药'];
    const answer = (key: string, page: Paged<ProductCard> & { brands?: Brand[] }) => ({
      key,
      ids: page.records.map((r) => r.id),
      total: page.total,
      brands: page.brands,
    });
    const intersected = await Promise.all(
      terms.map(async (key) => answer(key, await search(key, { page: 1, size: 20, facets: true }))),
    );
    const checked = await Promise.all(
      terms.map(async (key) =>
        answer(
          key,
          await service.searchProducts(ctx.db, { key, page: 1, size: 20, facets: true }, false, {
            maxIntersected: 0,
          }),
        ),
      ),
    );
    expect(checked).toEqual(intersected);
    expect(intersected.every((a) => a.total > 0)).toBe(true);
  });

  it('ranks several words by the whole term where a name holds it', async () => {
    const ids: number[] = [];
    for (const [name, nameEn] of [
      ['苯甲酸甲酯同系物', 'Methyl benzoate homologue'],
      ['苯甲酸甲酯', 'Methyl benzoate'],
    ] as const) {
      ids.push((await insertProduct(ctx.db, { name, nameEn, brandId: brandB })).id);
    }
    await indexProducts(ctx.db, ids);
    // Each word ranks both alike; the whole is one's English name and the other's name start.
    expect(await names('methyl benzoate')).toEqual(['苯甲酸甲酯', '苯甲酸甲酯同系物']);
    expect(await names('benzoate methyl')).toEqual(['苯甲酸甲酯同系物', '苯甲酸甲酯']);

    await ctx.db.deleteFrom('products').where('id', 'in', ids).execute();
    await indexProducts(ctx.db, ids);
  });

  it('leaves the same counts as a full rebuild', async () => {
    const stats = () =>
      ctx.db.selectFrom('searchGramStats').selectAll().orderBy('gram').orderBy('brandId').execute();
    const incremental = await stats();
    await rebuildSearchIndex(ctx.db);
    expect(await stats()).toEqual(incremental);
  });
});

describe('kept terms', () => {
  it('answers a term searched before without resolving it again', async () => {
    const r = recorder();
    const query = { key: '甲基 苯甲酸', page: 1, size: 20, facets: true };
    const first = await service.searchProducts(r.db, query, false);
    const firstStatements = r.nodes.length;
    r.nodes.length = 0;
    expect(await service.searchProducts(r.db, query, false)).toEqual(first);
    // The term's synonyms and the page's cards are read again, not its matches or facets.
    expect(r.nodes.length).toBeLessThan(firstStatements);
    expect(r.nodes.length).toBeLessThanOrEqual(3);
  });

  it('shows a renamed brand once the catalogue version moves', async () => {
    const brandsOf = async (key: string) =>
      (await service.searchProducts(ctx.db, { key, page: 1, size: 20, facets: true }, false))
        .brands;
    const rename = async (name: string) => {
      await ctx.db.updateTable('brands').set({ name }).where('id', '=', brandB).execute();
      await bumpCatalogueVersion(ctx.db);
    };
    expect(await brandsOf('敌敌畏')).toEqual([{ id: brandB, name: '阿尔塔', count: 1 }]);
    await rename('阿尔塔科技');
    try {
      expect(await brandsOf('敌敌畏')).toEqual([{ id: brandB, name: '阿尔塔科技', count: 1 }]);
    } finally {
      await rename('阿尔塔');
    }
  });
});

/** Records every statement the service executes, to count them and read their query plans. */
function recorder() {
  const built = new Map<QueryId, RootOperationNode>();
  const nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    // Sub-queries pass through here too; only what reaches transformResult was executed.
    transformQuery: ({ node, queryId }) => {
      built.set(queryId, node);
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const node = built.get(queryId);
      if (node) nodes.push(node);
      return result;
    },
  };
  return { db: ctx.db.withPlugin(plugin), nodes };
}

describe('query cost', () => {
  const terms = [
    '苯',
    '甲基',
    '甲基苯甲酸',
    'acid',
    'methylbenzoic acid',
    '65-85-0',
    'bw-1001',
    'abc',
    '甲基 苯甲酸',
    '65-85-0 苯甲酸',
    '甲 醇',
    'benzene methanol',
  ];

  it('uses a fixed number of statements whatever the page size', async () => {
    for (const key of terms) {
      const counts: number[] = [];
      for (const size of [1, 20]) {
        const r = recorder();
        await service.searchProducts(r.db, { key, page: 1, size }, false);
        counts.push(r.nodes.length);
      }
      // The term's reads (synonyms, two versions, documents, grams) and the cards' four
      // (products, packs with their stock and lots, what paid orders hold, current SDS).
      expect(counts[0]).toBeLessThanOrEqual(9);
      expect(counts[1]).toBeLessThanOrEqual(9);
      // Brands and related substances with the page: the term is still resolved once.
      const r = recorder();
      await service.searchProducts(r.db, { key, page: 1, size: 20, facets: true }, false);
      expect(r.nodes.length, key).toBeLessThanOrEqual(11);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'analyzes the products before a full rebuild reads them in batches (PostgreSQL plans)',
    async () => {
      const lastAnalyze = async () => {
        await sql`select pg_stat_clear_snapshot()`.execute(ctx.db);
        const { rows } = await sql<{ at: Date | null }>`
          select last_analyze as at from pg_stat_user_tables where relid = 'products'::regclass
        `.execute(ctx.db);
        return rows[0]?.at?.getTime() ?? 0;
      };
      const before = await lastAnalyze();
      await rebuildSearchIndex(ctx.db);
      expect(await lastAnalyze()).toBeGreaterThan(before);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'reads the search tables through indexes only (SQLite plans)',
    async () => {
      for (const key of terms) {
        const r = recorder();
        await service.searchProducts(r.db, { key, page: 1, size: 20 }, false);
        await service.searchProducts(r.db, { key, page: 1, size: 20, brandId: brandA }, false);
        await service.searchProducts(r.db, { key, page: 1, size: 20, facets: true }, false);
        await service.searchBrands(r.db, key);
        await service.searchRelations(r.db, key);
        for (const node of r.nodes) {
          const q = ctx.db.getExecutor().compileQuery(node, { queryId: 'plan' });
          const plan = await ctx.db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
          );
          const scans = plan.rows
            .map((p) => p.detail)
            .filter((d) => /^SCAN (search_|products|materials|material_stocks)/.test(d));
          expect(scans, q.sql).toEqual([]);
        }
      }
    },
  );
});
