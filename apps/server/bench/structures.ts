import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildCatalogue } from '../src/seed/catalogue.ts';
import { StructureScreen } from '../src/domains/chemistry/index.ts';
import { readMolecule, searchFactsOf } from '../src/domains/chemistry/index.ts';
import { percentile } from './load.ts';
import { random } from './catalogue.ts';

/**
 * Substructure search at catalogue scale, in process: BENCH_STRUCTURE_PRODUCTS products (200,000)
 * carrying BENCH_STRUCTURES distinct structures (substituted variants of the demo catalogue's
 * molecules), screened and matched by the same StructureScreen the API uses. Computing a
 * fragment index costs milliseconds per structure, so the distinct structures are fewer than
 * the products; the table states both.
 */
const PRODUCTS = Number(process.env.BENCH_STRUCTURE_PRODUCTS ?? 200_000);
const DISTINCT = Number(process.env.BENCH_STRUCTURES ?? 4000);
const ROUNDS = 5;
const BUDGET_MS = 1000;

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
 * Distinct substituted variants of the demo molecules with their idcodes and fragment indexes,
 * cached under .bench like the benchmark database (computing them takes minutes).
 */
function structureFacts(): Array<{ idcode: string; index: string }> {
  const cache = path.resolve(import.meta.dirname, '..', '.bench', `structures-${DISTINCT}.json`);
  if (fs.existsSync(cache)) {
    return JSON.parse(fs.readFileSync(cache, 'utf8')) as Array<{ idcode: string; index: string }>;
  }
  const rnd = random(11);
  const seeds = buildCatalogue()
    .map((p) => p.smiles)
    .filter((s): s is string => s !== null && !s.includes('.') && s.length < 80);
  const facts: Array<{ idcode: string; index: string }> = [];
  const seen = new Set<string>();
  while (facts.length < DISTINCT) {
    const smiles = `${rnd.pick(SUBSTITUENTS)}c1cc(${rnd.pick(SUBSTITUENTS)})ccc1${rnd.pick(seeds)}`;
    if (seen.has(smiles)) continue;
    seen.add(smiles);
    try {
      readMolecule(smiles);
      facts.push(searchFactsOf(smiles));
    } catch {
      // a substituent on an atom without a free valence: not a molecule, skip it
    }
  }
  fs.mkdirSync(path.dirname(cache), { recursive: true });
  fs.writeFileSync(cache, JSON.stringify(facts));
  return facts;
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

export function structureBench(): {
  products: number;
  distinct: number;
  buildSeconds: number;
  /** What the built screen holds, in bytes: its arrays (measured) and its structures' idcodes. */
  screenBytes: number;
  rows: StructureBenchRow[];
} {
  const t0 = performance.now();
  const facts = structureFacts();
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const f = facts[i % facts.length];
    return { productId: i + 1, idcode: f?.idcode ?? '', index: f?.index ?? '' };
  });
  const heapBefore = settledHeap();
  const screen = StructureScreen.build('bench', rows);
  const buildSeconds = (performance.now() - t0) / 1000;
  // The idcode strings are shared with `facts` here, so the heap's growth leaves them out; in the
  // server they are the screen's own: counted at one byte a character plus a string's header.
  const idcodeBytes = facts.reduce((n, f) => n + f.idcode.length + 24, 0);
  const screenBytes = settledHeap() - heapBefore + idcodeBytes;

  // One untimed pass first: the library's code is compiled on first use.
  for (const query of QUERIES) screen.substructure(query);
  const out: StructureBenchRow[] = [];
  for (const query of QUERIES) {
    const times: number[] = [];
    let hits = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const t = performance.now();
      hits = screen.substructure(query).reduce((n, h) => n + h.productIds.length, 0);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out.push({ query, hits, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return { products: PRODUCTS, distinct: screen.size, buildSeconds, screenBytes, rows: out };
}

export function printStructureBench(log: (line?: string) => void): void {
  const r = structureBench();
  log(
    `## Substructure search: ${r.products} products, ${r.distinct} distinct structures, budget p95 <= ${BUDGET_MS} ms`,
  );
  log();
  log(
    `Structures loaded and screen built in ${r.buildSeconds.toFixed(0)} s (not part of a search); the screen holds ${(r.screenBytes / 1024 ** 2).toFixed(1)} MB.`,
  );
  log();
  log('| query | products found | p50 ms | p95 ms | budget |');
  log('|---|---:|---:|---:|---|');
  for (const row of r.rows) {
    log(
      `| \`${row.query}\` | ${row.hits} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p95 <= BUDGET_MS ? 'ok' : 'OVER'} |`,
    );
  }
  const all = r.rows.map((x) => x.p95).sort((a, b) => a - b);
  log();
  log(`p95 over all queries: ${percentile(all, 95).toFixed(1)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printStructureBench((line = '') => process.stdout.write(`${line}\n`));
}
