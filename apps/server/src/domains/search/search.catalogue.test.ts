/**
 * The searches lab buyers type, over the demo catalogue itself: its names, aliases, synonyms,
 * class names and grades are the data these answers come from (docs/chemistry.md, "Ranking").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, ProductCard, RelationName } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { seedDatabase } from '../../seed/seed.ts';

interface Answer {
  records: ProductCard[];
  total: number;
  brands?: Brand[];
  relations?: RelationName[];
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDatabase(ctx.db, ctx.config);
}, 180_000);
afterAll(() => ctx.close());

async function post<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await ctx.app.inject({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<T>(res).data;
}

const search = (key: string, extra: Record<string, unknown> = {}) =>
  post<Answer>('/client/v1/products', { key, page: 1, size: 100, ...extra });
const names = async (key: string) => (await search(key)).records.map((r) => r.name);

describe('exact names first, names above aliases', () => {
  it('lists the product called exactly 乙醇 before the names that contain it', async () => {
    const found = await names('乙醇');
    expect(found[0]).toBe('无水乙醇');
    expect(found).toEqual(expect.arrayContaining(['喹乙醇', '苯氧乙醇']));
  });

  it('ranks 水杨酸 (酸 in its name) above 阿司匹林 (酸 only in its alias 乙酰水杨酸)', async () => {
    for (const key of ['酸', 'acid']) {
      const found = await names(key);
      expect(found, key).toContain('阿司匹林');
      expect(found.indexOf('水杨酸'), key).toBeLessThan(found.indexOf('阿司匹林'));
    }
  });

  it('keeps exact item number and CAS hits first', async () => {
    expect((await names('64-17-5'))[0]).toBe('无水乙醇');
    const ethanol = (await search('乙醇')).records.find((r) => r.name === '苯氧乙醇');
    expect(ethanol).toBeDefined();
    expect((await names(ethanol?.number ?? ''))[0]).toBe('苯氧乙醇');
  });
});

describe('several words', () => {
  it('combines the words, all of which must match', async () => {
    // HPLC is methanol's grade (HPLC级), 67-56-1 its CAS number.
    expect(await names('甲醇 HPLC')).toEqual(['甲醇']);
    expect(await names('甲醇 67-56-1')).toEqual(['甲醇']);
    expect(await names('67-56-1 甲醇')).toEqual(['甲醇']);
    expect(await names('甲醇 64-17-5')).toEqual([]);
    expect(await names('甲醇 ICP')).toEqual([]);
  });

  it('reads Han characters typed apart as the name they spell, first', async () => {
    const found = await names('甲 醇');
    expect(found[0]).toBe('甲醇');
    expect(found).toContain('苯甲醇');
    for (const name of found) expect(name).toMatch(/甲.*醇|醇.*甲/);
  });

  it('reads each word through the synonym list', async () => {
    expect(await names('ACN HPLC')).toEqual(['乙腈']);
  });
});

describe('classes of substances', () => {
  it('finds the polycyclic aromatic hydrocarbons as PAHs and 多环芳烃', async () => {
    for (const key of ['PAHs', 'pah', '多环芳烃']) {
      const { records, total } = await search(key);
      expect(total, key).toBe(16);
      expect(records.map((r) => r.name)).toEqual(expect.arrayContaining(['萘', '苯并[a]芘']));
      // Hydrocarbons only: carbon and hydrogen.
      for (const r of records) expect(r.molecularFormula, r.name).toMatch(/^C\d+H\d+$/);
    }
  });

  it('finds the organophosphorus pesticides as 有机磷', async () => {
    const { records } = await search('有机磷');
    expect(records.map((r) => r.name)).toEqual(expect.arrayContaining(['毒死蜱', '敌敌畏']));
    for (const r of records) expect(r.molecularFormula, r.name).toMatch(/P/);
  });

  it('finds the pesticide residue standards as 农残', async () => {
    const { records, total } = await search('农残');
    expect(total).toBeGreaterThan(16);
    expect(records.map((r) => r.name)).toEqual(expect.arrayContaining(['毒死蜱', '克百威']));
  });
});

describe('one request for the search page', () => {
  it('answers brands and related substances with the page, as the separate endpoints do', async () => {
    for (const key of ['乙醇', '酸', '甲 醇', 'PAHs']) {
      const answer = await search(key, { size: 5, facets: true });
      expect(answer.brands, key).toEqual(
        await post<Brand[]>('/client/v1/products/brands', { key }),
      );
      expect(answer.relations, key).toEqual(
        await post<RelationName[]>('/client/v1/products/relations', { key }),
      );
      expect(answer.relations?.[0]?.name).toBe(answer.records[0]?.name);
    }
  });

  it('keeps the page to the chosen brand while the brands stay those of the whole term', async () => {
    const all = await search('酸', { facets: true });
    const brand = all.brands?.[1];
    expect(brand).toBeDefined();
    const one = await search('酸', { facets: true, brandId: brand?.id });
    expect(one.total).toBe(brand?.count);
    expect(one.brands).toEqual(all.brands);
  });

  it('answers the fields only when asked', async () => {
    const plain = await search('乙醇');
    expect(plain).not.toHaveProperty('brands');
    expect(plain).not.toHaveProperty('relations');
    const brand = await search('Cellway', { facets: true });
    expect(brand.brands?.map((b) => [b.name, b.count])).toEqual([['Cellway', brand.total]]);
  });
});
