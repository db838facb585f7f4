import v8 from 'node:v8';
import vm from 'node:vm';
import { buildCatalogue } from '../src/seed/catalogue.ts';
import { StructureScreen } from '../src/domains/chemistry/index.ts';
import { readMolecule, searchFactsOf } from '../src/domains/chemistry/index.ts';
import { percentile } from './load.ts';
import { random } from './catalogue.ts';

/**
 * Structure search at catalogue scale, in process: BENCH_STRUCTURE_PRODUCTS products (200,000)
 * carrying BENCH_STRUCTURES distinct structures (4,000; 200,000 for a chemical catalogue of a
 * million products), substituted variants of the demo catalogue's molecules, screened and matched
 * by the same StructureScreen the API uses. Reports what building the screen costs a structure
 * (reading the SMILES, its idcode and fingerprint, as a product write does), loading the screen
 * from stored fingerprints (as a start does), substructure and similarity (first 20) times, and
 * the process's memory with the screen loaded.
 */
const PRODUCTS = Number(process.env.BENCH_STRUCTURE_PRODUCTS ?? 200_000);
const DISTINCT = Number(process.env.BENCH_STRUCTURES ?? 4000);
const ROUNDS = 5;
const SUBSTRUCTURE_BUDGET_MS = 500;
const SIMILARITY_BUDGET_MS = 200;
const BUILD_BUDGET_MS = 2;
/** The threshold the API uses when a search names none. */
const SIMILARITY_THRESHOLD = 0.7;
const FIRST_PAGE = 20;

const SUBSTITUENTS = [
  'C',
  'CC',
  'OC',
  'Cl',
  'F',
  'Br',
  'N',
  'O',
  'C#N',
  'C(F)(F)F',
  'SC',
  'C(=O)O',
];

/** Queries a chemist draws: common rings and groups, and a few whole molecules. */
const QUERIES = [
  'c1ccccc1',
  'C(=O)O',
  'c1ccc2ccccc2c1',
  'P(=S)(O)O',
  'N1CCNCC1',
  'c1ccncc1',
  'Clc1ccccc1',
  'OC(=O)c1ccccc1O',
  'S(N)(=O)=O',
  'C1CCCCC1',
  'O=C1CCCCN1',
  'CC(=O)Oc1ccccc1C(=O)O',
  'Cn1cnc2c1c(=O)n(C)c(=O)n2C',
  'c1ccc2[nH]ccc2c1',
];

/**
 * Distinct substituted variants of the demo molecules, as SMILES: a benzene ring with three of
 * the substituents above joined to a demo molecule, about 560,000 combinations.
 */
function variants(): string[] {
  const rnd = random(11);
  const seeds = buildCatalogue()
    .map((p) => p.smiles)
    .filter((s): s is string => s !== null && !s.includes('.') && s.length < 80);
  const out: string[] = [];
  const seen = new Set<string>();
  // Random picks repeat as the combinations run out: stop instead of looping for ever.
  const attempts = DISTINCT * 20;
  for (let i = 0; out.length < DISTINCT; i++) {
    if (i >= attempts)
      throw new Error(`only ${out.length} distinct structures in ${attempts} tries`);
    const [a, b, c] = [rnd.pick(SUBSTITUENTS), rnd.pick(SUBSTITUENTS), rnd.pick(SUBSTITUENTS)];
    const smiles = `${a}c1cc(${b})c(${c})cc1${rnd.pick(seeds)}`;
    if (seen.has(smiles)) continue;
    seen.add(smiles);
    try {
      readMolecule(smiles);
      out.push(smiles);
    } catch {
      // a substituent on an atom without a free valence: not a molecule, skip it
    }
  }
  return out;
}

export interface StructureBenchRow {
  query: string;
  hits: number;
  p50: number;
  p95: number;
}

/** The heap in use after a full collection, in bytes (a collection is asked for this bench only). */
function settledHeap(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function timed<T>(rounds: number, run: () => T): { last: T; p50: number; p95: number } {
  const times: number[] = [];
  let last = run();
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    last = run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { last, p50: percentile(times, 50), p95: percentile(times, 95) };
}

export function structureBench(): {
  products: number;
  distinct: number;
  /** Reading a SMILES, its idcode and fingerprint, per distinct structure (a product write). */
  buildMsPerStructure: number;
  /** Building the screen from the stored fingerprints (a start), whole seconds. */
  loadSeconds: number;
  /** What the built screen holds, in bytes: its arrays (measured) and its structures' idcodes. */
  screenBytes: number;
  /** The process's resident memory with the screen loaded. */
  rssBytes: number;
  substructure: StructureBenchRow[];
  similarity: StructureBenchRow[];
} {
  const smiles = variants();
  const t0 = performance.now();
  const facts = smiles.map((s) => searchFactsOf(s));
  const buildMsPerStructure = (performance.now() - t0) / facts.length;
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const f = facts[i % facts.length];
    return {
      productId: i + 1,
      idcode: f?.idcode ?? '',
      fingerprint: f?.fingerprint ?? new Uint8Array(),
    };
  });
  const heapBefore = settledHeap();
  const t1 = performance.now();
  const screen = StructureScreen.build('bench', rows);
  const loadSeconds = (performance.now() - t1) / 1000;
  // The idcode strings are shared with `facts` here, so the heap's growth leaves them out; in the
  // server they are the screen's own: counted at one byte a character plus a string's header.
  const idcodeBytes = facts.reduce((n, f) => n + f.idcode.length + 24, 0);
  const screenBytes = settledHeap() - heapBefore + idcodeBytes;
  const rssBytes = process.memoryUsage().rss;

  // Each query once untimed first (inside timed): the library's code is compiled on first use.
  const substructure = QUERIES.map((query) => {
    const r = timed(ROUNDS, () => screen.substructure(query));
    const hits = r.last.reduce((n, h) => n + h.productIds.length, 0);
    return { query, hits, p50: r.p50, p95: r.p95 };
  });
  const similarity = QUERIES.map((query) => {
    const r = timed(ROUNDS, () =>
      screen
        .similar(query, SIMILARITY_THRESHOLD)
        .flatMap((h) => h.productIds)
        .slice(0, FIRST_PAGE),
    );
    return { query, hits: r.last.length, p50: r.p50, p95: r.p95 };
  });
  return {
    products: PRODUCTS,
    distinct: screen.size,
    buildMsPerStructure,
    loadSeconds,
    screenBytes,
    rssBytes,
    substructure,
    similarity,
  };
}

function printRows(
  log: (line?: string) => void,
  rows: StructureBenchRow[],
  found: string,
  budget: number,
): void {
  log(`| query | ${found} | p50 ms | p95 ms | budget |`);
  log('|---|---:|---:|---:|---|');
  for (const row of rows) {
    log(
      `| \`${row.query}\` | ${row.hits} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p95 <= budget ? 'ok' : 'OVER'} |`,
    );
  }
  const all = rows.map((x) => x.p95).sort((a, b) => a - b);
  log();
  log(`p95 over all queries: ${percentile(all, 95).toFixed(1)} ms (budget ${budget} ms)`);
}

export function printStructureBench(log: (line?: string) => void): void {
  const r = structureBench();
  const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
  log(`## Structure search: ${r.products} products, ${r.distinct} distinct structures`);
  log();
  log(
    `Building the screen: ${r.buildMsPerStructure.toFixed(2)} ms a structure (budget ${BUILD_BUDGET_MS} ms; SMILES read, idcode and fingerprint, as a product write computes them). Loading it from stored fingerprints: ${r.loadSeconds.toFixed(1)} s. The screen holds ${mb(r.screenBytes)} MB; the process's RSS with it loaded ${mb(r.rssBytes)} MB.`,
  );
  log();
  log('### Substructure');
  log();
  printRows(log, r.substructure, 'products found', SUBSTRUCTURE_BUDGET_MS);
  log();
  log(`### Similarity, first ${FIRST_PAGE} products at threshold ${SIMILARITY_THRESHOLD}`);
  log();
  printRows(log, r.similarity, 'products answered', SIMILARITY_BUDGET_MS);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printStructureBench((line = '') => process.stdout.write(`${line}\n`));
}
