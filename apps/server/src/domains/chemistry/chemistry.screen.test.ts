import * as OCL from 'openchemlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { buildCatalogue } from '../../seed/catalogue.ts';
import { indexProducts, rebuildSearchIndex } from '../search/index.ts';
import { FINGERPRINT_WORDS, fingerprintOf } from './fingerprint.ts';
import { structureScreen } from './chemistry.screen.ts';

/** Queries a chemist draws, the bench's among them, and ones whose bonds a match may reinterpret. */
const QUERIES = [
  'c1ccccc1',
  'C1=CC=CC=C1',
  'C=CC=C',
  'C(=O)O',
  'c1ccc2ccccc2c1',
  'P(=S)(O)O',
  'N1CCNCC1',
  'c1ccncc1',
  'Clc1ccccc1',
  'S(N)(=O)=O',
  'C1CCCCC1',
  'O=C1CCCCN1',
  'CC(=O)Oc1ccccc1C(=O)O',
  'c1ccc2[nH]ccc2c1',
  'C1CC1',
  'c1ccoc1',
  'C#N',
  'NC(=O)',
  '[Na+]',
  'CN(C)C(=N)NC(N)=N.Cl',
];

describe('the structure fingerprint', () => {
  it('lets through every demo structure that contains the query', () => {
    const structures = [
      ...new Set(buildCatalogue().flatMap((p) => (p.smiles ? [p.smiles] : []))),
    ].map((s) => {
      const mol = OCL.Molecule.fromSmiles(s);
      return { smiles: s, mol, fingerprint: fingerprintOf(mol) };
    });
    const searcher = new OCL.SSSearcher();
    let hits = 0;
    for (const query of QUERIES) {
      const fragment = OCL.Molecule.fromSmiles(query).getCompactCopy();
      fragment.setFragment(true);
      const required = fingerprintOf(fragment, true);
      searcher.setFragment(fragment);
      const missed = structures.filter(({ mol, fingerprint }) => {
        searcher.setMolecule(mol);
        if (!searcher.isFragmentInMolecule()) return false;
        hits++;
        for (let w = 0; w < FINGERPRINT_WORDS; w++) {
          const need = required[w] ?? 0;
          if ((need & (fingerprint[w] ?? 0)) !== need) return true;
        }
        return false;
      });
      expect(
        missed.map((m) => m.smiles),
        query,
      ).toEqual([]);
    }
    expect(hits).toBeGreaterThan(100);
    // Reads every demo structure and matches each query against it: seconds on a busy machine.
  }, 120_000);
});

let ctx: TestContext;

const productIds = async (smiles: string, screen = structureScreen) =>
  (await screen(ctx.db)).substructure(smiles).flatMap((h) => h.productIds);

/** A screen module of its own, as a restarted process has: nothing cached. */
async function freshScreen() {
  vi.resetModules();
  return (await import('./chemistry.screen.ts')).structureScreen;
}

describe('the structure screen', () => {
  const id: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const [name, smiles] of [
      ['Benzoic acid', 'OC(=O)c1ccccc1'],
      ['Salicylic acid', 'OC(=O)c1ccccc1O'],
      ['Salicylic acid, second pack', 'OC(=O)c1ccccc1O'],
      ['Caffeine', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C'],
    ] as const) {
      id[name] = (await insertProduct(ctx.db, { name, nameEn: name, smiles })).id;
    }
    await rebuildSearchIndex(ctx.db);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('stores one fingerprint for each distinct structure', async () => {
    const rows = await ctx.db.selectFrom('structureFingerprints').selectAll().execute();
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.fingerprint.byteLength).toBe(FINGERPRINT_WORDS * 4);
  });

  it('applies a product written or taken off sale without building the screen again', async () => {
    const before = await structureScreen(ctx.db);
    expect(before.size).toBe(3);
    const { id: added } = await insertProduct(ctx.db, {
      name: 'Methylparaben',
      smiles: 'COC(=O)c1ccc(O)cc1',
    });
    await indexProducts(ctx.db, [added]);
    expect(await productIds('O=Cc1ccc(O)cc1')).toEqual([added]);
    expect(await structureScreen(ctx.db)).toBe(before);
    expect(before.size).toBe(4);

    await ctx.db.updateTable('products').set({ onSale: 0 }).where('id', '=', added).execute();
    await indexProducts(ctx.db, [added]);
    expect(await productIds('O=Cc1ccc(O)cc1')).toEqual([]);
    expect(await structureScreen(ctx.db)).toBe(before);
    expect(before.size).toBe(3);

    const salicylic = [id['Salicylic acid'], id['Salicylic acid, second pack']];
    await ctx.db
      .updateTable('products')
      .set({ onSale: 0 })
      .where('id', '=', id['Salicylic acid, second pack'] ?? 0)
      .execute();
    await indexProducts(ctx.db, [id['Salicylic acid, second pack'] ?? 0]);
    expect(await productIds('OC(=O)c1ccccc1O')).toEqual([salicylic[0]]);
    expect(before.size).toBe(3);
  });

  it('is rebuilt after a full rebuild of the index', async () => {
    const before = await structureScreen(ctx.db);
    await rebuildSearchIndex(ctx.db);
    const after = await structureScreen(ctx.db);
    expect(after).not.toBe(before);
    expect(await productIds('OC(=O)c1ccccc1')).toEqual([id['Benzoic acid'], id['Salicylic acid']]);
  });

  it('loads the stored fingerprints on a restart rather than computing them', async () => {
    const caffeine = await ctx.db
      .selectFrom('productStructures')
      .select('idcode')
      .where('productId', '=', id.Caffeine ?? 0)
      .executeTakeFirstOrThrow();
    const stored = await ctx.db
      .selectFrom('structureFingerprints')
      .select('fingerprint')
      .where('idcode', '=', caffeine.idcode ?? '')
      .executeTakeFirstOrThrow();
    const caffeineQuery = 'Cn1cnc2c1c(=O)n(C)c(=O)n2C';
    expect(await productIds(caffeineQuery, await freshScreen())).toEqual([id.Caffeine]);

    // A stored fingerprint with no bits passes no screen: a fresh screen that read it misses
    // caffeine, one that computed it would find it.
    await ctx.db
      .updateTable('structureFingerprints')
      .set({ fingerprint: Buffer.alloc(FINGERPRINT_WORDS * 4) })
      .where('idcode', '=', caffeine.idcode ?? '')
      .execute();
    expect(await productIds(caffeineQuery, await freshScreen())).toEqual([]);

    // A structure stored without its fingerprint (written before they were kept) gets it on load.
    await ctx.db
      .deleteFrom('structureFingerprints')
      .where('idcode', '=', caffeine.idcode ?? '')
      .execute();
    expect(await productIds(caffeineQuery, await freshScreen())).toEqual([id.Caffeine]);
    const refilled = await ctx.db
      .selectFrom('structureFingerprints')
      .select('fingerprint')
      .where('idcode', '=', caffeine.idcode ?? '')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(refilled.fingerprint).equals(Buffer.from(stored.fingerprint))).toBe(true);
  });
});
