import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drive, percentile, postJson } from './load.ts';
import { buildBundle, stop, waitForAnswer } from './pipeline.ts';
import { CLASSES, pickTerms } from './terms.ts';
import type { KeptFill } from '../src/lib/kept-per-version.ts';

/**
 * What a catalogue's size costs outside a search's latency (docs/performance.md, "A million
 * products"): how long a server takes from its start to its first answers on a catalogue whose
 * index is already built (a cold start), and how much memory one process holds once every cache
 * it keeps is at its bound.
 */

const MEMORY_BUDGET_BYTES = 1024 ** 3;
const COLD_START_BUDGET_MS = 10_000;
const COLD_START_ROUNDS = 3;
/** Distinct search terms per class for the fill: far more matches and cards than the bounds. */
const FILL_TERMS_PER_CLASS = 3000;
const FILL_PRODUCT_PAGES = 30_000;
const FILL_RENDERED_PAGES = 3000;
/** BENCH_SCALE_MEMORY=0 measures the cold starts only (the fill takes minutes). */
const WITH_MEMORY = process.env.BENCH_SCALE_MEMORY !== '0';
/**
 * The serving process's heap limit in MB for the memory part (BENCH_HEAP_LIMIT_MB, 0 for none):
 * the setting docs/performance.md recommends for a million products.
 */
const MEMORY_HEAP_LIMIT_MB = Number(process.env.BENCH_HEAP_LIMIT_MB ?? 512);
/** The server's setting for that limit, or none. */
const HEAP_LIMIT_ENV = MEMORY_HEAP_LIMIT_MB
  ? { HEAP_LIMIT_MB: String(MEMORY_HEAP_LIMIT_MB) }
  : null;

export interface ScaleOptions {
  port: number;
  concurrency: number;
  catalogueFile: string;
  /** Products in it (ids 1 to this). */
  products: number;
  /** The storefront build the rendered pages come from. */
  webDir: string;
  /** PostgreSQL URL of the same catalogue, or '' to measure SQLite only. */
  postgresUrl: string;
  /** The bench's own server (bench/server.ts), which reports its memory and caches. */
  startServer: (env: NodeJS.ProcessEnv) => Promise<ChildProcess>;
  stopServer: (server: ChildProcess) => Promise<void>;
  log: (line?: string) => void;
}

interface ProcessMemory {
  memory: NodeJS.MemoryUsage;
  kept: KeptFill[];
}

const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);

/** The server's memory as it is (`memory`), or after a full garbage collection (`memory-gc`). */
function askMemory(server: ChildProcess, ask: 'memory' | 'memory-gc'): Promise<ProcessMemory> {
  return new Promise((resolve) => {
    server.once('message', (m: ProcessMemory) => resolve(m));
    server.send(ask);
  });
}

/**
 * The process's resident memory split as Linux counts it: its own (heap, caches, SQLite's page
 * cache) and the pages of files it maps (the memory-mapped database, shared with the system's
 * file cache, which the kernel drops under pressure).
 */
function residentSplit(pid: number): { anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

async function timedGet(port: number, urlPath: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}`);
  return performance.now() - t0;
}

async function timedSearch(port: number, key: string): Promise<number> {
  const t0 = performance.now();
  await postJson(
    port,
    '/client/v1/products',
    JSON.stringify({ key, page: 1, size: 20, facets: true }),
  );
  return performance.now() - t0;
}

interface ColdStart {
  ready: number;
  search: number;
  page: number;
}

/**
 * `node dist/server.js` as `npm start` runs it (the production bundle, NODE_ENV=production, no
 * seeding) on the bench catalogue: from the spawn to its first answer, then the first search
 * (with facets) and the first rendered product page. The data folder holds the catalogue (a
 * link to it, on SQLite) and the key the first, untimed start made, as after a restart.
 */
async function coldStarts(
  opts: ScaleOptions,
  label: string,
  databaseUrl: string,
  bundle: string,
  key: string,
  env: NodeJS.ProcessEnv = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-bench-cold-'));
  if (!databaseUrl) fs.symlinkSync(opts.catalogueFile, path.join(dataDir, 'shop.sqlite'));
  const start = async (): Promise<ColdStart> => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      cwd: path.dirname(bundle),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SEED: 'none',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        WEB_DIR: opts.webDir,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        WORKERS: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitForAnswer(opts.port, child, 120_000);
      const ready = performance.now() - t0;
      return {
        ready,
        search: await timedSearch(opts.port, key),
        page: await timedGet(opts.port, '/products/1'),
      };
    } finally {
      await stop(child);
    }
  };
  try {
    await start();
    const rows: ColdStart[] = [];
    for (let round = 0; round < COLD_START_ROUNDS; round++) rows.push(await start());
    const median = (pick: (r: ColdStart) => number) =>
      percentile(
        rows.map(pick).sort((a, b) => a - b),
        50,
      );
    const total = median((r) => r.ready + r.search + r.page);
    opts.log(
      `| ${label} | ${median((r) => r.ready).toFixed(0)} | ${median((r) => r.search).toFixed(0)} | ${median((r) => r.page).toFixed(0)} | ${total.toFixed(0)} | ${total <= COLD_START_BUDGET_MS ? 'ok' : 'OVER'} |`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function fill(opts: ScaleOptions, paths: string[], bodies: string[]) {
  const r = await drive({
    port: opts.port,
    path: paths[0] ?? '/client/v1/products',
    paths,
    bodies,
    concurrency: opts.concurrency,
    requests: Math.max(paths.length, bodies.length),
    maxMs: 30 * 60_000,
  });
  return r;
}

export async function scaleReport(opts: ScaleOptions): Promise<void> {
  const { log } = opts;
  const terms = pickTerms(opts.catalogueFile, FILL_TERMS_PER_CLASS);
  const firstTerm = terms.get('2-char Chinese')?.[0] ?? '苯甲酸';
  const sqliteEnv = {
    BENCH_DB: opts.catalogueFile,
    DATABASE_URL: '',
    WEB_DIR: opts.webDir,
    WORKERS: '1',
  };

  log(
    `### Cold start: the server's start to its first answers, median of ${COLD_START_ROUNDS}, budget <= ${COLD_START_BUDGET_MS} ms`,
  );
  log();
  log(
    "Each round starts `node dist/server.js` as `npm start` does (production bundle, no seeding) on the built catalogue and index (its files already in the system's file cache, as after a restart), waits for its first answer, then asks one search with facets and renders one product page.",
  );
  log();
  log(
    '| database | first answer ms | first search ms | first product page ms | total ms | budget |',
  );
  log('|---|---:|---:|---:|---:|---|');
  // Beside the server's packages, as the pipeline part builds it (bench/pipeline.ts).
  const bundle = buildBundle(path.resolve(import.meta.dirname, '..', '.bench', 'dist'));
  await coldStarts(opts, 'SQLite', '', bundle, firstTerm);
  if (HEAP_LIMIT_ENV) {
    await coldStarts(
      opts,
      `SQLite, HEAP_LIMIT_MB=${MEMORY_HEAP_LIMIT_MB} (a primary and one worker)`,
      '',
      bundle,
      firstTerm,
      HEAP_LIMIT_ENV,
    );
  }
  if (opts.postgresUrl) await coldStarts(opts, 'PostgreSQL', opts.postgresUrl, bundle, firstTerm);

  if (!WITH_MEMORY) return;
  log();
  log('### Memory of one process with every cache at its bound (SQLite, catalogue cache on)');
  log();
  log(
    HEAP_LIMIT_ENV
      ? `The process serves with a JavaScript heap limit of ${MEMORY_HEAP_LIMIT_MB} MB, as a worker of \`HEAP_LIMIT_MB=${MEMORY_HEAP_LIMIT_MB} npm start\` does.`
      : 'The process serves without a heap limit (HEAP_LIMIT_MB unset).',
  );
  log();
  const server = await opts.startServer({ ...sqliteEnv, ...HEAP_LIMIT_ENV });
  try {
    const all = CLASSES.flatMap((cls) => terms.get(cls) ?? []);
    const distinct = [...new Set(all)];
    const bodies = distinct.flatMap((key) => [
      JSON.stringify({ key, page: 1, size: 20, facets: true }),
      JSON.stringify({ key, page: 2, size: 20 }),
    ]);
    const t0 = performance.now();
    const searches = await fill(opts, [], bodies);
    // Spread over the whole catalogue (7919 is prime, so no id repeats below `products`).
    const ids = Array.from(
      { length: FILL_PRODUCT_PAGES },
      (_, i) => 1 + ((i * 7919) % opts.products),
    );
    const details = await fill(
      opts,
      ids.map((id) => `/client/v1/products/${id}`),
      [],
    );
    const pages = await fill(
      opts,
      ids.slice(0, FILL_RENDERED_PAGES).map((id) => `/products/${id}`),
      [],
    );
    const seconds = (performance.now() - t0) / 1000;
    const { memory, kept } = await askMemory(server, 'memory');
    const resident = residentSplit(server.pid ?? 0);
    // The same after a full collection: what the caches and the rest really hold (the live set).
    const { memory: live } = await askMemory(server, 'memory-gc');
    const liveResident = residentSplit(server.pid ?? 0);
    log(
      `Filled in ${seconds.toFixed(0)} s with ${searches.latencies.length} searches (${distinct.length} distinct terms, with facets and a second page), ${details.latencies.length} product answers and ${pages.latencies.length} rendered product pages; ${searches.errors + details.errors + pages.errors} errors.`,
    );
    log();
    log('| cache | entries | size | bound | full |');
    log('|---|---:|---:|---:|---:|');
    for (const k of kept) {
      log(
        `| ${k.name} | ${k.entries} | ${k.size} | ${k.bound} | ${((k.size / k.bound) * 100).toFixed(0)}% |`,
      );
    }
    log();
    log('| memory, MB | after the fill | after a full collection |');
    log('|---|---:|---:|');
    log(
      `| resident, the process's own (heap, caches, SQLite page cache) | ${mb(resident.anon)} | ${mb(liveResident.anon)} |`,
    );
    log(
      `| resident, pages of the memory-mapped database file | ${mb(resident.file)} | ${mb(liveResident.file)} |`,
    );
    log(`| resident in all (rss) | ${mb(memory.rss)} | ${mb(live.rss)} |`);
    log(
      `| JavaScript heap used / total | ${mb(memory.heapUsed)} / ${mb(memory.heapTotal)} | ${mb(live.heapUsed)} / ${mb(live.heapTotal)} |`,
    );
    log(
      `| outside the heap (buffers, typed arrays) | ${mb(memory.external)} | ${mb(live.external)} |`,
    );
    log();
    log(
      resident.anon <= MEMORY_BUDGET_BYTES
        ? `Memory budget (the process's own memory <= ${mb(MEMORY_BUDGET_BYTES)} MB): met.`
        : `Memory budget (the process's own memory <= ${mb(MEMORY_BUDGET_BYTES)} MB): NOT met.`,
    );
  } finally {
    await opts.stopServer(server);
  }
}
