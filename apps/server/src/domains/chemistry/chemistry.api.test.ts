import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard, ProductDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertBrand, insertProduct } from '../../../test/fixtures/catalogue.ts';
import { indexProducts, rebuildSearchIndex } from '../search/index.ts';

interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}

let ctx: TestContext;
const id: Record<string, number> = {};

const substances: Array<[string, string, string, string | null, string | null]> = [
  ['苯甲酸', 'Benzoic acid', 'C7H6O2', 'OC(=O)c1ccccc1', 'WPYMKLBDIGXBTP-UHFFFAOYSA-N'],
  ['水杨酸', 'Salicylic acid', 'C7H6O3', 'OC(=O)c1ccccc1O', 'YGSDEFSMJLZEOE-UHFFFAOYSA-N'],
  ['阿司匹林', 'Aspirin', 'C9H8O4', 'CC(=O)Oc1ccccc1C(=O)O', 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N'],
  ['咖啡因', 'Caffeine', 'C8H10N4O2', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'RYYVLZVUVIJVGH-UHFFFAOYSA-N'],
  [
    '盐酸二甲双胍',
    'Metformin hydrochloride',
    'C4H11N5·HCl',
    'CN(C)C(=N)NC(N)=N.Cl',
    'OETHQSJEHLVLGH-UHFFFAOYSA-N',
  ],
  ['丁基羟基茴香醚', 'Butylated hydroxyanisole', 'C11H16O2', null, null],
  ['移液器吸头', 'Pipette tips', '', null, null],
];

const CAS: Record<string, string> = {
  Aspirin: '50-78-2',
  'Salicylic acid': '69-72-7',
  Caffeine: '58-08-2',
};

async function post<T>(url: string, payload: unknown) {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: res.statusCode, ...body<T>(res) };
}

const names = (records: ProductCard[]) => records.map((r) => r.name);

beforeAll(async () => {
  ctx = await createTestContext();
  const brandId = await insertBrand(ctx.db, { name: '坛墨质检' });
  for (const [name, nameEn, molecularFormula, smiles, inchiKey] of substances) {
    const cas = CAS[nameEn] ?? '';
    id[nameEn] = (
      await insertProduct(ctx.db, {
        name,
        nameEn,
        molecularFormula,
        smiles,
        inchiKey,
        brandId,
        cas,
      })
    ).id;
  }
  await rebuildSearchIndex(ctx.db);
});

afterAll(async () => {
  await ctx.close();
});

describe('POST /client/v1/products/structure', () => {
  it('finds the products containing a substructure, the most similar first', async () => {
    const res = await post<Paged<ProductCard>>('/client/v1/products/structure', {
      smiles: 'OC(=O)c1ccccc1',
      mode: 'substructure',
      page: 1,
      size: 10,
    });
    expect(res.status).toBe(200);
    expect(names(res.data.records)).toEqual(['苯甲酸', '水杨酸', '阿司匹林']);
    expect(res.data.total).toBe(3);
    expect(res.data.records[0]).toMatchObject({
      smiles: 'OC(=O)c1ccccc1',
      inchiKey: 'WPYMKLBDIGXBTP-UHFFFAOYSA-N',
    });
  });

  it('pages the hits', async () => {
    const res = await post<Paged<ProductCard>>('/client/v1/products/structure', {
      smiles: 'c1ccccc1',
      mode: 'substructure',
      page: 2,
      size: 2,
    });
    expect(res.data.total).toBe(3);
    expect(res.data.records).toHaveLength(1);
  });

  it('finds similar structures above the threshold, most similar first', async () => {
    const res = await post<Paged<ProductCard>>('/client/v1/products/structure', {
      smiles: 'CC(=O)Oc1ccccc1C(=O)O',
      mode: 'similarity',
      threshold: 0.3,
      page: 1,
      size: 10,
    });
    expect(names(res.data.records)[0]).toBe('阿司匹林');
    expect(names(res.data.records)).not.toContain('咖啡因');
    const strict = await post<Paged<ProductCard>>('/client/v1/products/structure', {
      smiles: 'CC(=O)Oc1ccccc1C(=O)O',
      mode: 'similarity',
      threshold: 1,
      page: 1,
      size: 10,
    });
    expect(names(strict.data.records)).toEqual(['阿司匹林']);
  });

  it('answers 400 for what is not a structure', async () => {
    const res = await post('/client/v1/products/structure', {
      smiles: 'C1CC(((',
      mode: 'substructure',
      page: 1,
      size: 10,
    });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('无法识别的结构式，请检查SMILES');
    const mode = await post('/client/v1/products/structure', {
      smiles: 'CCO',
      mode: 'exact',
      page: 1,
      size: 10,
    });
    expect(mode.status).toBe(400);
    expect(mode.msg).toBe('搜索方式有误');
  });

  it('finds a product written after the last rebuild once it is indexed', async () => {
    const { id: added } = await insertProduct(ctx.db, {
      name: '对羟基苯甲酸甲酯',
      nameEn: 'Methylparaben',
      molecularFormula: 'C8H8O3',
      smiles: 'COC(=O)c1ccc(O)cc1',
      inchiKey: 'LXCFILQKKLGQFO-UHFFFAOYSA-N',
    });
    await indexProducts(ctx.db, [added]);
    const res = await post<Paged<ProductCard>>('/client/v1/products/structure', {
      smiles: 'O=Cc1ccc(O)cc1',
      mode: 'substructure',
      page: 1,
      size: 10,
    });
    expect(names(res.data.records)).toEqual(['对羟基苯甲酸甲酯']);
  });
});

describe('formula and weight search through POST /client/v1/products', () => {
  const search = (key: string) =>
    post<Paged<ProductCard>>('/client/v1/products', { key, page: 1, size: 20 });

  it('finds a molecular formula in Hill order or not, in any case', async () => {
    for (const key of ['C9H8O4', 'c9h8o4', 'H8C9O4', 'O4H8C9']) {
      const res = await search(key);
      expect(names(res.data.records), key).toEqual(['阿司匹林']);
    }
  });

  it('finds a salt by the formula of its parent or of the whole', async () => {
    expect(names((await search('C4H11N5')).data.records)).toEqual(['盐酸二甲双胍']);
    expect(names((await search('C4H12ClN5')).data.records)).toEqual(['盐酸二甲双胍']);
  });

  it('finds products without a structure by their formula too', async () => {
    expect(names((await search('C11H16O2')).data.records)).toEqual(['丁基羟基茴香醚']);
  });

  it('finds a molecular weight range', async () => {
    const res = await search('180-180.2');
    expect(names(res.data.records)).toEqual(['阿司匹林']);
    // Lightest first; the paraben was added by the structure tests above.
    const wide = await search('MW 120~200');
    expect(names(wide.data.records)).toEqual([
      '苯甲酸',
      '水杨酸',
      '对羟基苯甲酸甲酯',
      '盐酸二甲双胍',
      '阿司匹林',
      '丁基羟基茴香醚',
      '咖啡因',
    ]);
  });
});

describe('did you mean: a CAS number with a wrong check digit', () => {
  const search = (key: string) =>
    post<Paged<ProductCard> & { suggest?: string[] }>('/client/v1/products', {
      key,
      page: 1,
      size: 20,
    });

  it('suggests the catalogue CAS one digit or one swap away', async () => {
    const digit = await search('50-78-3');
    expect(digit.data.total).toBe(0);
    expect(digit.data.suggest).toEqual(['50-78-2']);
    const swap = await search('50-87-2');
    expect(swap.data.suggest).toEqual(['50-78-2']);
  });

  it('suggests nothing for a valid CAS or another term', async () => {
    expect((await search('50-78-2')).data.suggest).toBeUndefined();
    expect((await search('阿司匹林')).data.suggest).toBeUndefined();
    expect((await search('12-34-0')).data.suggest ?? []).toEqual([]);
  });
});

describe('structures in product answers', () => {
  it('carries SMILES and InChIKey in the detail, null for a product without a structure', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id.Aspirin}` });
    expect(body<ProductDetail>(res).data).toMatchObject({
      smiles: 'CC(=O)Oc1ccccc1C(=O)O',
      inchiKey: 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N',
    });
    const tips = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/products/${id['Pipette tips']}`,
    });
    expect(body<ProductDetail>(tips).data).toMatchObject({ smiles: null, inchiKey: null });
  });
});
