import * as OCL from 'openchemlib';

/**
 * The structure fingerprint that screens substructure searches and ranks similarity
 * (docs/chemistry.md, "Structure search"): 2048 bits hashed from the paths of heavy atoms.
 *
 * OpenChemLib's own 512-bit fragment index runs 512 substructure matches per structure (10-36 ms);
 * these features are read off the molecule graph in a fraction of a millisecond. Each feature is
 * kept by any substructure match, so a structure containing the query has every bit of the
 * query's fingerprint (the screen never loses a hit; the atom-by-atom match decides):
 * - a simple path of up to MAX_PATH_BONDS bonds, as its atoms' atomic numbers (bond orders are
 *   left out: a match may map a drawn double bond onto a delocalized one), and how many times it
 *   occurs, at 1, 2, 4 and 8: a match maps distinct paths to distinct paths;
 * - the same for paths of ring bonds only, with each bond delocalized or not: a ring of the query
 *   maps onto a ring of the structure, an aromatic ring onto an aromatic one;
 * - each atom's element with its number of heavy neighbours, at least 1 to 4.
 * Wildcards of a query (any atom, atom lists, bonds with query features such as bridges) are left
 * out of its features.
 */
export const FINGERPRINT_WORDS = 64;
const BITS = FINGERPRINT_WORDS * 32;
const MAX_PATH_BONDS = 6;
const COUNT_LEVELS = [1, 2, 4, 8];
const PATHS = 1;
const RING_PATHS = 2;
const NEIGHBOURS = 3;
/** Bond labels between the atomic numbers of a ring path. */
const AROMATIC_BOND = 201;
const OTHER_BOND = 200;

function hashOf(family: number, labels: readonly number[], level: number): number {
  let h = 0x811c9dc5 ^ family;
  for (const label of labels) h = Math.imul(h ^ label, 0x01000193);
  h = Math.imul(h ^ level, 0x01000193);
  // Final mix so that neighbouring keys spread over all words.
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

function setBit(words: Int32Array, hash: number): void {
  const bit = hash % BITS;
  words[bit >>> 5] = (words[bit >>> 5] ?? 0) | (1 << (bit & 31));
}

/** The label sequence or its reverse, whichever is smaller, as one key: a path has two ends. */
function canonicalKey(labels: readonly number[]): string {
  const n = labels.length;
  for (let i = 0; i < n; i++) {
    const a = labels[i] ?? 0;
    const b = labels[n - 1 - i] ?? 0;
    if (a !== b) return (a < b ? labels : [...labels].reverse()).join(',');
  }
  return labels.join(',');
}

interface Graph {
  atoms: number;
  element: Int32Array;
  /** Heavy-atom neighbours and the bond to each; -1 marks a neighbour the paths do not cross. */
  neighbours: number[][];
  ringBond: boolean[][];
  /** Whether each of those bonds is delocalized (aromatic). */
  delocalized: boolean[][];
}

function graphOf(mol: OCL.Molecule, asQuery: boolean): Graph {
  // A copied or freshly read molecule counts its atoms and rings only once asked to.
  mol.ensureHelperArrays(OCL.Molecule.cHelperRings);
  const atoms = mol.getAtoms();
  const element = new Int32Array(atoms);
  const wildcard = new Uint8Array(atoms);
  for (let a = 0; a < atoms; a++) {
    element[a] = mol.getAtomicNo(a);
    if (asQuery && (element[a] === 0 || (mol.getAtomList(a)?.length ?? 0) > 0)) wildcard[a] = 1;
  }
  const neighbours: number[][] = [];
  const ringBond: boolean[][] = [];
  const delocalized: boolean[][] = [];
  for (let a = 0; a < atoms; a++) {
    const list: number[] = [];
    const rings: boolean[] = [];
    const aromatic: boolean[] = [];
    for (let i = 0; i < mol.getConnAtoms(a); i++) {
      const b = mol.getConnAtom(a, i);
      const bond = mol.getConnBond(a, i);
      const crossable =
        b < atoms &&
        wildcard[a] === 0 &&
        wildcard[b] === 0 &&
        !(asQuery && mol.getBondQueryFeatures(bond) !== 0);
      list.push(crossable ? b : -1);
      rings.push(crossable && mol.isRingBond(bond));
      aromatic.push(mol.isDelocalizedBond(bond));
    }
    neighbours.push(list);
    ringBond.push(rings);
    delocalized.push(aromatic);
  }
  for (let a = 0; a < atoms; a++) if (wildcard[a]) element[a] = -1;
  return { atoms, element, neighbours, ringBond, delocalized };
}

/** Counts every simple path (by its canonical key) from each atom, each path once. */
function countPaths(g: Graph, ringsOnly: boolean): Map<string, number> {
  const counts = new Map<string, number>();
  const onPath = new Uint8Array(g.atoms);
  const path: number[] = [];
  const labels: number[] = [];
  const walk = (atom: number) => {
    const start = path[0] ?? atom;
    // Each path is found from both ends: keep it from the end with the smaller atom number.
    if (path.length === 1 || atom > start) {
      const key = canonicalKey(labels);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (path.length > MAX_PATH_BONDS) return;
    const next = g.neighbours[atom] ?? [];
    const rings = g.ringBond[atom] ?? [];
    const aromatic = g.delocalized[atom] ?? [];
    for (let i = 0; i < next.length; i++) {
      const b = next[i] ?? -1;
      if (b < 0 || onPath[b] || (ringsOnly && !rings[i])) continue;
      onPath[b] = 1;
      path.push(b);
      // Ring paths name their bonds too, delocalized or not: a match keeps that (a ring drawn
      // with single and double bonds does not match an aromatic one, nor the other way round).
      if (ringsOnly) labels.push(aromatic[i] ? AROMATIC_BOND : OTHER_BOND);
      labels.push(g.element[b] ?? 0);
      walk(b);
      path.pop();
      if (ringsOnly) labels.pop();
      labels.pop();
      onPath[b] = 0;
    }
  };
  for (let a = 0; a < g.atoms; a++) {
    if ((g.element[a] ?? -1) < 0) continue;
    onPath[a] = 1;
    path.push(a);
    labels.push(g.element[a] ?? 0);
    walk(a);
    path.pop();
    labels.pop();
    onPath[a] = 0;
  }
  return counts;
}

function setPathBits(words: Int32Array, family: number, counts: Map<string, number>): void {
  for (const [key, n] of counts) {
    const labels = key.split(',').map(Number);
    for (const level of COUNT_LEVELS) if (n >= level) setBit(words, hashOf(family, labels, level));
  }
}

/**
 * The fingerprint of a molecule, or of a query (`asQuery`: its wildcards left out) whose bits
 * every structure containing it has too.
 */
export function fingerprintOf(mol: OCL.Molecule, asQuery = false): Int32Array {
  const words = new Int32Array(FINGERPRINT_WORDS);
  const g = graphOf(mol, asQuery);
  setPathBits(words, PATHS, countPaths(g, false));
  setPathBits(words, RING_PATHS, countPaths(g, true));
  for (let a = 0; a < g.atoms; a++) {
    const element = g.element[a] ?? -1;
    if (element < 0) continue;
    const degree = (g.neighbours[a] ?? []).filter((b) => b >= 0).length;
    for (let d = 1; d <= Math.min(degree, 4); d++) setBit(words, hashOf(NEIGHBOURS, [element], d));
  }
  return words;
}

/** The fingerprint as stored: 256 bytes, little-endian words. */
export function fingerprintBytes(words: Int32Array): Uint8Array {
  const bytes = new Uint8Array(FINGERPRINT_WORDS * 4);
  const view = new DataView(bytes.buffer);
  for (let w = 0; w < FINGERPRINT_WORDS; w++) view.setInt32(w * 4, words[w] ?? 0, true);
  return bytes;
}

/** Copies a stored fingerprint (FINGERPRINT_WORDS * 4 bytes) into `into` at word `at`. */
export function readFingerprint(bytes: Uint8Array, into: Int32Array, at: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let w = 0; w < FINGERPRINT_WORDS; w++) into[at + w] = view.getInt32(w * 4, true);
}
