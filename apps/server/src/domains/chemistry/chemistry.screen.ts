import * as OCL from 'openchemlib';
import type { Db } from '../../db/database.ts';
import * as repo from './chemistry.repository.ts';
import { indexFromHex, readMolecule } from './structure.ts';

/** 512-bit fragment index: 16 words of 32 bits. */
const WORDS = 16;
const LOAD_BATCH = 5000;
/** Distinct structures a substructure search returns at most. */
export const MAX_SUBSTRUCTURE_HITS = 300;
/**
 * Screened candidates matched atom by atom at most, most similar first. The 512-bit screen lets
 * through some structures that lack the fragment; for a small fragment in a large catalogue
 * these are many, and the most similar candidates are the likely hits.
 */
export const MAX_CANDIDATES_MATCHED = 1000;

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface StructureHit {
  productIds: number[];
  /** Tanimoto similarity of the fragment indexes, 0-1. */
  similarity: number;
}

/**
 * Every distinct structure of the catalogue in memory: its idcode, its fragment index packed in
 * one typed array, and its products. Substructure search screens all indexes with word-wise
 * bit tests first and runs the atom-by-atom match only on the structures that pass.
 */
export class StructureScreen {
  private constructor(
    readonly version: string,
    private readonly idcodes: string[],
    private readonly indexes: Int32Array,
    private readonly bitCounts: Uint16Array,
    private readonly products: number[][],
  ) {}

  get size(): number {
    return this.idcodes.length;
  }

  static build(
    version: string,
    rows: ReadonlyArray<{ productId: number; idcode: string; index: string }>,
  ) {
    const slot = new Map<string, number>();
    const idcodes: string[] = [];
    const hexes: string[] = [];
    const products: number[][] = [];
    for (const r of rows) {
      let k = slot.get(r.idcode);
      if (k === undefined) {
        k = idcodes.length;
        slot.set(r.idcode, k);
        idcodes.push(r.idcode);
        hexes.push(r.index);
        products.push([]);
      }
      products[k]?.push(r.productId);
    }
    const indexes = new Int32Array(idcodes.length * WORDS);
    const bitCounts = new Uint16Array(idcodes.length);
    hexes.forEach((hex, k) => {
      const words = indexFromHex(hex);
      let bits = 0;
      for (let w = 0; w < WORDS; w++) {
        const word = words[w] ?? 0;
        indexes[k * WORDS + w] = word;
        bits += popcount(word);
      }
      bitCounts[k] = bits;
    });
    return new StructureScreen(version, idcodes, indexes, bitCounts, products);
  }

  private tanimoto(k: number, query: Int32Array, queryBits: number): number {
    let common = 0;
    for (let w = 0; w < WORDS; w++)
      common += popcount((this.indexes[k * WORDS + w] ?? 0) & (query[w] ?? 0));
    const union = queryBits + (this.bitCounts[k] ?? 0) - common;
    return union === 0 ? 1 : common / union;
  }

  /**
   * Structures containing the query as a substructure, most similar to the query first. The
   * structures passing the screen are matched atom by atom in order of similarity until
   * MAX_SUBSTRUCTURE_HITS are found or MAX_CANDIDATES_MATCHED were tried, so a very common
   * fragment (a benzene ring) costs a bounded number of matches and still answers its most
   * similar structures.
   */
  substructure(smiles: string): StructureHit[] {
    const query = readMolecule(smiles);
    const whole = Int32Array.from(query.getIndex());
    const wholeBits = whole.reduce((n, w) => n + popcount(w), 0);
    const fragment = query.getCompactCopy();
    fragment.setFragment(true);
    const fragmentIndex = fragment.getIndex();
    const required = Int32Array.from(fragmentIndex);
    const candidates: Array<{ k: number; similarity: number }> = [];
    const n = this.idcodes.length;
    for (let k = 0; k < n; k++) {
      let passes = true;
      for (let w = 0; w < WORDS; w++) {
        const need = required[w] ?? 0;
        if ((need & (this.indexes[k * WORDS + w] ?? 0)) !== need) {
          passes = false;
          break;
        }
      }
      if (passes) candidates.push({ k, similarity: this.tanimoto(k, whole, wholeBits) });
    }
    candidates.sort((a, b) => b.similarity - a.similarity || a.k - b.k);
    const searcher = new OCL.SSSearcherWithIndex();
    searcher.setFragment(fragment, fragmentIndex);
    const hits: StructureHit[] = [];
    for (const { k, similarity } of candidates.slice(0, MAX_CANDIDATES_MATCHED)) {
      const mol = OCL.Molecule.fromIDCode(this.idcodes[k] ?? '', false);
      searcher.setMolecule(mol, Array.from(this.indexes.subarray(k * WORDS, k * WORDS + WORDS)));
      if (!searcher.isFragmentInMolecule()) continue;
      hits.push({ productIds: this.products[k] ?? [], similarity });
      if (hits.length === MAX_SUBSTRUCTURE_HITS) break;
    }
    return hits;
  }

  /** Structures at least `threshold` similar (Tanimoto on fragment indexes), most similar first. */
  similar(smiles: string, threshold: number): StructureHit[] {
    const query = Int32Array.from(readMolecule(smiles).getIndex());
    const bits = query.reduce((n, w) => n + popcount(w), 0);
    const hits: StructureHit[] = [];
    for (let k = 0; k < this.idcodes.length; k++) {
      const similarity = this.tanimoto(k, query, bits);
      if (similarity >= threshold) hits.push({ productIds: this.products[k] ?? [], similarity });
    }
    return hits.sort(bySimilarity);
  }
}

const bySimilarity = (a: StructureHit, b: StructureHit) =>
  b.similarity - a.similarity || (a.productIds[0] ?? 0) - (b.productIds[0] ?? 0);

let current: Promise<StructureScreen> | undefined;

/**
 * The screen of the catalogue's structures, reloaded when the structure version stored by the
 * indexer changes (a write on any instance). Costs one primary-key read per search.
 */
export async function structureScreen(db: Db): Promise<StructureScreen> {
  const version = await repo.structureVersion(db);
  const cached = current ? await current.catch(() => undefined) : undefined;
  if (cached?.version === version) return cached;
  const loading = (async () => {
    const rows: Array<{ productId: number; idcode: string; index: string }> = [];
    for (let after = 0; ;) {
      const batch = await repo.listStructures(db, after, LOAD_BATCH);
      const last = batch.at(-1);
      if (!last) break;
      for (const r of batch) {
        if (r.idcode && r.fragmentIndex)
          rows.push({ productId: r.productId, idcode: r.idcode, index: r.fragmentIndex });
      }
      after = last.productId;
    }
    return StructureScreen.build(version, rows);
  })();
  current = loading;
  return loading;
}
