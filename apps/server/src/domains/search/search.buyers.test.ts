import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertBrand, insertProduct } from '../../../test/fixtures/catalogue.ts';
import { rebuildSearchIndex } from './search.indexer.ts';

interface Paged<T> {
  records: T[];
  total: number;
}

let ctx: TestContext;

async function search(key: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products',
    payload: { key, page: 1, size: 20 },
  });
  return body<Paged<ProductCard>>(res).data;
}

const names = (p: Paged<ProductCard>) => p.records.map((r) => r.name);

beforeAll(async () => {
  ctx = await createTestContext();
  const yifang = await insertBrand(ctx.db, { name: 'Yifanglab', sort: 1 });
  const cellway = await insertBrand(ctx.db, { name: 'Cellway', sort: 2 });
  await insertProduct(ctx.db, { name: '乙腈', nameEn: 'Acetonitrile', brandId: yifang });
  await insertProduct(ctx.db, { name: '二氯甲烷', nameEn: 'Dichloromethane', brandId: yifang });
  await insertProduct(ctx.db, { name: '维生素C', nameEn: 'Ascorbic acid', brandId: yifang });
  await insertProduct(ctx.db, { name: '苯酚', nameEn: 'Phenol', brandId: yifang });
  await insertProduct(ctx.db, { name: '甲醇', nameEn: 'Methanol', brandId: yifang });
  await insertProduct(ctx.db, {
    name: '重铬酸钾',
    nameEn: 'Potassium dichromate',
    brandId: yifang,
  });
  await insertProduct(ctx.db, { name: '乙酰胺', nameEn: 'Acetamide', brandId: yifang });
  await insertProduct(ctx.db, { name: '对乙酰氨基酚', nameEn: 'Paracetamol', brandId: yifang });
  await insertProduct(ctx.db, {
    name: '邻苯二甲酸二(2-乙基己基)酯',
    nameEn: 'Bis(2-ethylhexyl) phthalate',
    brandId: yifang,
  });
  await insertProduct(ctx.db, { name: '胎牛血清', nameEn: 'Fetal bovine serum', brandId: cellway });
  await insertProduct(ctx.db, { name: 'DMEM高糖培养基', nameEn: 'DMEM', brandId: cellway });
  await ctx.db
    .insertInto('searchSynonyms')
    .values([
      { term: 'acn', expansion: '乙腈' },
      { term: 'dcm', expansion: '二氯甲烷' },
      { term: '维c', expansion: '维生素C' },
      { term: 'vc', expansion: '维生素C' },
    ])
    .execute();
  await rebuildSearchIndex(ctx.db);
});

afterAll(async () => {
  await ctx.close();
});

describe('words lab buyers type', () => {
  it('reads abbreviations through the synonym list, in any case', async () => {
    expect(names(await search('ACN'))).toEqual(['乙腈']);
    expect(names(await search('acn'))).toEqual(['乙腈']);
    expect(names(await search('DCM'))).toEqual(['二氯甲烷']);
    expect(names(await search('VC'))).toEqual(['维生素C']);
    expect(names(await search('维C'))).toEqual(['维生素C']);
  });

  it('finds a synonym the staff add later without a rebuild', async () => {
    expect(names(await search('MeCN'))).toEqual([]);
    await ctx.db.insertInto('searchSynonyms').values({ term: 'mecn', expansion: '乙腈' }).execute();
    expect(names(await search('MeCN'))).toEqual(['乙腈']);
  });

  it('finds names by pinyin and by pinyin initials', async () => {
    expect(names(await search('benfen'))).toEqual(['苯酚']);
    expect(names(await search('bf'))).toEqual(['苯酚']);
    expect(names(await search('jiachun'))).toEqual(['甲醇']);
    expect(names(await search('JiaChun'))).toEqual(['甲醇']);
    // 重 in a chemical name is zhong (heavy), not chong.
    expect(names(await search('zhonggesuanjia'))).toEqual(['重铬酸钾']);
  });

  it('finds a name by the pinyin of a word inside it, as by its Chinese', async () => {
    // 乙酰胺 begins with 乙酰, 对乙酰氨基酚 holds it: the same order as for the Chinese.
    expect(names(await search('乙酰'))).toEqual(['乙酰胺', '对乙酰氨基酚']);
    expect(names(await search('yixian'))).toEqual(['乙酰胺', '对乙酰氨基酚']);
    expect(names(await search('anjifen'))).toEqual(['对乙酰氨基酚']);
    expect(names(await search('yixian fen'))).toEqual(['对乙酰氨基酚']);
    // Longer than an index key: found under its first letters and checked in the stored text.
    expect(names(await search('benerjiasuaneryijijijizhi'))).toEqual([
      '邻苯二甲酸二(2-乙基己基)酯',
    ]);
    // From the start of a syllable only, as a word is read.
    expect(names(await search('ixian'))).toEqual([]);
  });

  it('lists a brand’s products for its name', async () => {
    const cellway = await search('Cellway');
    expect(cellway.total).toBe(2);
    expect(names(cellway).sort()).toEqual(['DMEM高糖培养基', '胎牛血清'].sort());
    expect((await search('cellway')).total).toBe(2);
  });
});
