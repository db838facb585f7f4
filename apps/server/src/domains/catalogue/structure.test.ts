import * as OCL from 'openchemlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';

let ctx: TestContext;
let operator: StaffMember;
let warehouse: StaffMember;
let finance: StaffMember;

const as = (s: StaffMember) => ({ authorization: s.token });
const BENZOIC_ACID = 'OC(=O)c1ccccc1';
const BENZOIC_ACID_KEY = 'WPYMKLBDIGXBTP-UHFFFAOYSA-N';

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
  warehouse = await createStaff(ctx.db, ['warehouse']);
  finance = await createStaff(ctx.db, ['finance']);
});
afterAll(() => ctx.close());

interface Parsed {
  smiles: string;
  inchiKey: string;
  formula: string;
  weight: number;
  formulaAgrees: boolean | null;
}

const parse = (payload: object, headers: Record<string, string> = as(operator)) =>
  ctx.app.inject({ method: 'POST', url: '/manage/v1/chemistry/parse', headers, payload });

const product = (over: Record<string, unknown>) => ({
  name: '结构式测试品',
  number: 'ST10001',
  materials: [{ pack: '100mg', price: 50, stocks: [] }],
  ...over,
});

async function save(payload: object, id?: number) {
  return ctx.app.inject({
    method: id === undefined ? 'POST' : 'PUT',
    url: id === undefined ? '/manage/v1/products' : `/manage/v1/products/${id}`,
    headers: as(operator),
    payload,
  });
}

async function stored(id: number) {
  return ctx.db
    .selectFrom('products')
    .select(['smiles', 'inchiKey', 'molecularFormula', 'molecularWeight'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('POST /manage/v1/chemistry/parse', () => {
  it('reads a SMILES: canonical SMILES, InChIKey, formula and weight', async () => {
    const res = await parse({ structure: BENZOIC_ACID });
    expect(res.statusCode).toBe(200);
    expect(body<Parsed>(res).data).toEqual({
      smiles: expect.any(String) as string,
      inchiKey: BENZOIC_ACID_KEY,
      formula: 'C7H6O2',
      weight: 122.12,
      formulaAgrees: null,
    });
  });

  it('reads a molfile, and says whether the entered formula agrees', async () => {
    const molfile = OCL.Molecule.fromSmiles('CCO').toMolfile();
    const agreed = body<Parsed>(await parse({ structure: molfile, formula: 'C2H6O' })).data;
    expect(agreed).toMatchObject({
      inchiKey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N',
      formula: 'C2H6O',
      weight: 46.07,
      formulaAgrees: true,
    });
    const wrong = body<Parsed>(await parse({ structure: molfile, formula: 'C2H4O2' })).data;
    expect(wrong.formulaAgrees).toBe(false);
    // A hydrate written with its water apart is the same atoms.
    const hydrate = await parse({ structure: 'O.OC(=O)c1ccccc1', formula: 'C7H6O2·H2O' });
    expect(body<Parsed>(hydrate).data.formulaAgrees).toBe(true);
  });

  it('refuses what is no structure with a Chinese message', async () => {
    for (const structure of ['C1CC(', 'not a smiles', '   ']) {
      const res = await parse({ structure });
      expect(res.statusCode, structure).toBe(400);
      expect(body(res).msg).toMatch(/结构式|SMILES/);
    }
    expect(body(await parse({ structure: 'C1CC(' })).msg).toBe(
      '无法识别的结构式，请检查SMILES或Mol文件',
    );
  });

  it('needs the catalogue permission', async () => {
    expect((await parse({ structure: 'CCO' }, as(warehouse))).statusCode).toBe(403);
    expect((await parse({ structure: 'CCO' }, as(finance))).statusCode).toBe(403);
    const member = await createMember(ctx);
    expect((await parse({ structure: 'CCO' }, { authorization: member.token })).statusCode).toBe(
      401,
    );
    expect((await parse({ structure: 'CCO' }, {})).statusCode).toBe(401);
  });
});

describe('a product with a structure', () => {
  let id: number;

  it('fills formula and weight from the structure and stores SMILES and InChIKey', async () => {
    const res = await save(product({ smiles: BENZOIC_ACID }));
    expect(res.statusCode).toBe(200);
    id = body<{ id: number }>(res).data.id;
    const row = await stored(id);
    expect(row).toMatchObject({
      inchiKey: BENZOIC_ACID_KEY,
      molecularFormula: 'C7H6O2',
      molecularWeight: '122.12',
    });
    expect(row.smiles).toBeTruthy();
    const form = body<{ smiles: string; inchiKey: string }>(
      await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/products/${id}`,
        headers: as(operator),
      }),
    ).data;
    expect(form).toMatchObject({ smiles: row.smiles, inchiKey: BENZOIC_ACID_KEY });
    // The storefront shows it and the structure search finds it at once.
    const detail = body<{ smiles: string | null; inchiKey: string | null }>(
      await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}` }),
    ).data;
    expect(detail.inchiKey).toBe(BENZOIC_ACID_KEY);
    const found = body<{ records: Array<{ id: number }> }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/products/structure',
        payload: { smiles: BENZOIC_ACID, mode: 'substructure', page: 1, size: 50 },
      }),
    ).data;
    expect(found.records.map((r) => r.id)).toContain(id);
  });

  it('refuses a structure whose formula disagrees with the entered one, changing nothing', async () => {
    const created = await save(
      product({ number: 'ST10002', smiles: BENZOIC_ACID, molecularFormula: 'C6H6' }),
    );
    expect(created.statusCode).toBe(400);
    expect(body(created).msg).toBe('分子式与结构式不符：结构式的分子式为 C7H6O2');
    const taken = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('number', '=', 'ST10002')
      .execute();
    expect(taken).toEqual([]);

    const before = await stored(id);
    const edited = await save(
      product({ smiles: 'CCO', molecularFormula: 'C7H6O2', molecularWeight: '122.12' }),
      id,
    );
    expect(edited.statusCode).toBe(400);
    expect(body(edited).msg).toBe('分子式与结构式不符：结构式的分子式为 C2H6O');
    expect(await stored(id)).toEqual(before);
  });

  it('an edit without the structure keeps it; an empty one removes it', async () => {
    const kept = await save(
      product({ molecularFormula: 'C7H6O2', molecularWeight: '122.12', name: '改名' }),
      id,
    );
    expect(kept.statusCode).toBe(200);
    expect((await stored(id)).inchiKey).toBe(BENZOIC_ACID_KEY);
    const removed = await save(
      product({ smiles: '', molecularFormula: 'C7H6O2', molecularWeight: '122.12' }),
      id,
    );
    expect(removed.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ smiles: null, inchiKey: null });
  });
});
