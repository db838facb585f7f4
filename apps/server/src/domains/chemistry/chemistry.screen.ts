import * as OCL from 'openchemlib';
import type { Db } from '../../db/database.ts';
import * as repo from './chemistry.repository.ts';
import {
  FINGERPRINT_WORDS as WORDS,
  fingerprintBytes,
  fingerprintOf,
  readFingerprint,
} from './fingerprint.ts';
import { readMolecule } from './structure.ts';

const LOAD_BATCH = 5000;
/** Distinct structures a substructure search returns at most. */
export const MAX_SUBSTRUCTURE_HITS = 300;
/**
 * Screened candidates matched atom by atom at most, most similar first. The screen lets
 * through some structures that lack the fragment; for a small fragment in a large catalogue
 * these are many, and the most similar candidates are the likely hits.
 */
export const MAX_CANDIDATES_MATCHED = 1000;

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const bitsOf = (words: Int32Array) => words.reduce((n, w) => n + popcount(w), 0);

export interface StructureHit {
  productIds: number[];
  /** Tanimoto similarity of the fingerprints, 0-1. */
  similarity: number;
}

/** A product's structure as stored: its idcode and the structure's fingerprint (256 bytes). */
export interface StoredStructure {
  productId: number;
  idcode: string;
  fingerprint: Uint8Array;
}

/**
 * Every distinct structure of the catalogue in memory: its idcode, its fingerprint in one typed
 * array (FINGERPRINT_WORDS words a structure), and its products, kept up to date product by
 * product (`place`). Substructure search screens all fingerprints with word-wise bit tests
 * first and runs the atom-by-atom match only on the structures that pass.
 */
export class StructureScreen {
  /** What the screen holds; search answers are cached under it. */
  version = '';
  private readonly slotOfIdcode = new Map<string, number>();
  private idcodes: string[] = [];
  private fingerprints = new Int32Array(1024 * WORDS);
  private bitCounts = new Uint16Array(1024);
  /** The products of each structure, ascending; empty for a slot no product uses (free). */
  private products: number[][] = [];
  private readonly freeSlots: number[] = [];
  /** Each product's slot + 1, 0 without a structure, indexed by product id. */
  private slotOfProduct = new Int32Array(1024);
  private live = 0;

  /** Distinct structures on the screen. */
  get size(): number {
    return this.live;
  }

  static build(version: string, rows: Iterable<StoredStructure>): StructureScreen {
    const screen = new StructureScreen();
    screen.version = version;
    for (const r of rows) screen.place(r.productId, r);
    return screen;
  }

  /** Puts a product on the screen with its structure, moves it, or takes it off (null). */
  place(productId: number, structure: { idcode: string; fingerprint: Uint8Array } | null): void {
    const before = (this.slotOfProduct[productId] ?? 0) - 1;
    if (before >= 0) {
      if (structure && this.idcodes[before] === structure.idcode) return;
      this.unlink(productId, before);
    }
    // A fingerprint of another size (not one of these) leaves the product off the screen.
    if (!structure || structure.fingerprint.byteLength !== WORDS * 4) return;
    let k = this.slotOfIdcode.get(structure.idcode);
    if (k === undefined) {
      k = this.freeSlots.pop() ?? this.idcodes.length;
      this.grow(k + 1, productId + 1);
      readFingerprint(structure.fingerprint, this.fingerprints, k * WORDS);
      this.bitCounts[k] = bitsOf(this.fingerprints.subarray(k * WORDS, k * WORDS + WORDS));
      this.idcodes[k] = structure.idcode;
      this.products[k] = [];
      this.slotOfIdcode.set(structure.idcode, k);
      this.live++;
    }
    this.grow(k + 1, productId + 1);
    const list = this.products[k] ?? [];
    let at = list.length;
    while (at > 0 && (list[at - 1] ?? 0) > productId) at--;
    list.splice(at, 0, productId);
    this.slotOfProduct[productId] = k + 1;
  }

  private unlink(productId: number, k: number): void {
    this.slotOfProduct[productId] = 0;
    const list = this.products[k] ?? [];
    const at = list.indexOf(productId);
    if (at >= 0) list.splice(at, 1);
    if (list.length > 0) return;
    this.slotOfIdcode.delete(this.idcodes[k] ?? '');
    this.idcodes[k] = '';
    this.fingerprints.fill(0, k * WORDS, k * WORDS + WORDS);
    this.bitCounts[k] = 0;
    this.freeSlots.push(k);
    this.live--;
  }

  /** Room for `slots` structures and product ids below `products`, doubling as needed. */
  private grow(slots: number, products: number): void {
    if (slots > this.bitCounts.length) {
      let n = this.bitCounts.length;
      while (n < slots) n *= 2;
      const fingerprints = new Int32Array(n * WORDS);
      fingerprints.set(this.fingerprints);
      this.fingerprints = fingerprints;
      const bitCounts = new Uint16Array(n);
      bitCounts.set(this.bitCounts);
      this.bitCounts = bitCounts;
    }
    if (products > this.slotOfProduct.length) {
      let n = this.slotOfProduct.length;
      while (n < products) n *= 2;
      const slotOfProduct = new Int32Array(n);
      slotOfProduct.set(this.slotOfProduct);
      this.slotOfProduct = slotOfProduct;
    }
  }

  private tanimoto(k: number, query: Int32Array, queryBits: number): number {
    let common = 0;
    const base = k * WORDS;
    for (let w = 0; w < WORDS; w++)
      common += popcount((this.fingerprints[base + w] ?? 0) & (query[w] ?? 0));
    const union = queryBits + (this.bitCounts[k] ?? 0) - common;
    return union === 0 ? 1 : common / union;
  }

  /** The lowest product id of a structure: ties in similarity keep catalogue order. */
  private firstProduct = (k: number) => this.products[k]?.[0] ?? 0;

  /**
   * Structures containing the query as a substructure, most similar to the query first. The
   * structures passing the screen are matched atom by atom in order of similarity until
   * MAX_SUBSTRUCTURE_HITS are found or MAX_CANDIDATES_MATCHED were tried, so a very common
   * fragment (a benzene ring) costs a bounded number of matches and still answers its most
   * similar structures.
   */
  substructure(smiles: string): StructureHit[] {
    const query = readMolecule(smiles);
    const whole = fingerprintOf(query);
    const wholeBits = bitsOf(whole);
    const fragment = query.getCompactCopy();
    fragment.setFragment(true);
    const required = fingerprintOf(fragment, true);
    const candidates: Array<{ k: number; similarity: number }> = [];
    const fingerprints = this.fingerprints;
    for (let k = 0; k < this.idcodes.length; k++) {
      if (this.idcodes[k] === '') continue;
      const base = k * WORDS;
      let passes = true;
      for (let w = 0; w < WORDS; w++) {
        const need = required[w] ?? 0;
        if ((need & (fingerprints[base + w] ?? 0)) !== need) {
          passes = false;
          break;
        }
      }
      if (passes) candidates.push({ k, similarity: this.tanimoto(k, whole, wholeBits) });
    }
    candidates.sort(
      (a, b) => b.similarity - a.similarity || this.firstProduct(a.k) - this.firstProduct(b.k),
    );
    const searcher = new OCL.SSSearcher();
    searcher.setFragment(fragment);
    const hits: StructureHit[] = [];
    for (const { k, similarity } of candidates.slice(0, MAX_CANDIDATES_MATCHED)) {
      searcher.setMolecule(OCL.Molecule.fromIDCode(this.idcodes[k] ?? '', false));
      if (!searcher.isFragmentInMolecule()) continue;
      hits.push({ productIds: [...(this.products[k] ?? [])], similarity });
      if (hits.length === MAX_SUBSTRUCTURE_HITS) break;
    }
    return hits;
  }

  /** Structures at least `threshold` similar (Tanimoto on fingerprints), most similar first. */
  similar(smiles: string, threshold: number): StructureHit[] {
    const query = fingerprintOf(readMolecule(smiles));
    const bits = bitsOf(query);
    const hits: StructureHit[] = [];
    for (let k = 0; k < this.idcodes.length; k++) {
      if (this.idcodes[k] === '') continue;
      const similarity = this.tanimoto(k, query, bits);
      if (similarity >= threshold)
        hits.push({ productIds: [...(this.products[k] ?? [])], similarity });
    }
    return hits.sort(bySimilarity);
  }
}

const bySimilarity = (a: StructureHit, b: StructureHit) =>
  b.similarity - a.similarity || (a.productIds[0] ?? 0) - (b.productIds[0] ?? 0);

/** The rows as the screen takes them; a structure stored before its fingerprint gets one now. */
async function withFingerprints(
  db: Db,
  rows: ReadonlyArray<{ productId: number; idcode: string | null; fingerprint: Uint8Array | null }>,
): Promise<StoredStructure[]> {
  const computed = new Map<string, Uint8Array>();
  const out: StoredStructure[] = [];
  for (const r of rows) {
    if (!r.idcode) continue;
    let fingerprint = r.fingerprint ?? computed.get(r.idcode);
    if (!fingerprint) {
      fingerprint = fingerprintBytes(fingerprintOf(OCL.Molecule.fromIDCode(r.idcode, false)));
      computed.set(r.idcode, fingerprint);
    }
    out.push({ productId: r.productId, idcode: r.idcode, fingerprint });
  }
  if (computed.size > 0) {
    await repo.insertFingerprints(
      db,
      [...computed].map(([idcode, fingerprint]) => ({ idcode, fingerprint })),
    );
  }
  return out;
}

interface LoadedScreen {
  epoch: string;
  version: string;
  /** The last structure change applied. */
  lastChange: number;
  screen: StructureScreen;
}

async function loadScreen(db: Db, epoch: string, version: string): Promise<LoadedScreen> {
  // Read before the rows: a change landing during the load is applied again afterwards.
  const lastChange = await repo.lastChange(db);
  const screen = StructureScreen.build(`${epoch}/${version}`, []);
  for (let after = 0; ;) {
    const batch = await repo.listStructures(db, after, LOAD_BATCH);
    const last = batch.at(-1);
    if (!last) break;
    for (const r of await withFingerprints(db, batch)) screen.place(r.productId, r);
    after = last.productId;
  }
  return { epoch, version, lastChange, screen };
}

/** Applies the structure changes recorded since the screen was loaded or last brought up to date. */
async function applyChanges(db: Db, loaded: LoadedScreen, version: string): Promise<LoadedScreen> {
  let lastChange = loaded.lastChange;
  for (;;) {
    const changes = await repo.listChanges(db, lastChange, LOAD_BATCH);
    const last = changes.at(-1);
    if (!last) break;
    const ids = [...new Set(changes.map((c) => c.productId))];
    const rows = new Map(
      (await withFingerprints(db, await repo.findStructures(db, ids))).map((r) => [r.productId, r]),
    );
    for (const id of ids) loaded.screen.place(id, rows.get(id) ?? null);
    lastChange = last.id;
  }
  loaded.screen.version = `${loaded.epoch}/${version}`;
  return { ...loaded, version, lastChange };
}

async function refresh(db: Db, loaded: LoadedScreen | undefined): Promise<LoadedScreen> {
  const { epoch, version } = await repo.structureVersions(db);
  if (loaded?.epoch !== epoch) return loadScreen(db, epoch, version);
  if (loaded.version === version) return loaded;
  return applyChanges(db, loaded, version);
}

let current: Promise<LoadedScreen> | undefined;

/**
 * The screen of the catalogue's structures. Costs two primary-key reads per search; when another
 * write landed (on any instance) the screen applies the changed products only, and is built
 * again from the stored fingerprints after a full rebuild. Updates run one at a time.
 */
export async function structureScreen(db: Db): Promise<StructureScreen> {
  const { epoch, version } = await repo.structureVersions(db);
  const cached = current ? await current.catch(() => undefined) : undefined;
  if (cached?.epoch === epoch && cached.version === version) return cached.screen;
  const previous = current;
  const next = (async () =>
    refresh(db, previous ? await previous.catch(() => undefined) : undefined))();
  current = next;
  return (await next).screen;
}
