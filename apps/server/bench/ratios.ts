import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drive, percentile } from './load.ts';

/**
 * Requests per second of the product page's and the search's API calls on the demo catalogue,
 * as ratios to a trivial endpoint (company info) measured in the same run, so the figures hold
 * on a noisy machine. Each row runs on SQLite and on PostgreSQL, with the in-process catalogue
 * cache (the default) and without it (CATALOGUE_CACHE=0).
 */
export interface RatioOptions {
  port: number;
  concurrency: number;
  requests: number;
  warmup: number;
  maxMs: number;
  /** Admin URL of a PostgreSQL server; empty skips the PostgreSQL rows. */
  postgresUrl: string;
  log: (line?: string) => void;
}

interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function startServer(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_PORT: String(port), BENCH_SEED: 'demo', WEB_DIR: '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 180 s')), 180_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function api<T>(port: number, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return ((await res.json()) as { data: T }).data;
}

/** What shoppers look up on the demo catalogue: hot keywords, names, English names, CAS, item numbers. */
async function demoWorkload(port: number) {
  const keys = await api<Array<{ keyword: string }>>(
    port,
    'GET',
    '/client/v1/products/search-keys',
  );
  const cards: Array<{ id: number; name: string; nameEn: string; cas: string; number: string }> =
    [];
  for (const tag of ['hot', 'new']) {
    const page = await api<{ records: typeof cards }>(port, 'POST', '/client/v1/products/part', {
      tag,
      page: 1,
      size: 50,
    });
    cards.push(...page.records);
  }
  const terms = [
    ...keys.map((k) => k.keyword),
    ...cards.flatMap((c) => [c.name, c.nameEn, c.cas, c.number].filter(Boolean)),
  ];
  return {
    productPaths: [...new Set(cards.map((c) => `/client/v1/products/${c.id}`))],
    searchBodies: [...new Set(terms)].map((key) => JSON.stringify({ key, page: 1, size: 20 })),
  };
}

async function measure(
  opts: RatioOptions,
  load: { path: string; bodies: readonly string[]; paths?: readonly string[] },
): Promise<Measured> {
  const run = (requests: number) =>
    drive({ port: opts.port, concurrency: opts.concurrency, requests, maxMs: opts.maxMs, ...load });
  await run(opts.warmup);
  const r = await run(opts.requests);
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    rps: (sorted.length / r.elapsedMs) * 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: r.errors,
  };
}

const fmt = (m: Measured) =>
  `${m.rps.toFixed(0)} | ${m.p50.toFixed(2)} | ${m.p95.toFixed(2)} | ${m.p99.toFixed(2)} | ${m.errors}`;

export async function demoRatios(opts: RatioOptions): Promise<void> {
  const { log } = opts;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-bench-demo-'));
  let pgDb = '';
  const setups: Array<{ label: string; env: NodeJS.ProcessEnv }> = [
    { label: 'SQLite', env: { BENCH_DB: path.join(work, 'demo.sqlite'), DATABASE_URL: '' } },
  ];
  if (opts.postgresUrl) {
    pgDb = `labshop_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: opts.postgresUrl });
    await admin.connect();
    await admin.query(`create database ${pgDb}`);
    await admin.end();
    const url = new URL(opts.postgresUrl);
    url.pathname = `/${pgDb}`;
    setups.push({ label: 'PostgreSQL', env: { DATABASE_URL: url.toString() } });
  }
  log(
    '| database | catalogue cache | endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | ratio to company info |',
  );
  log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  try {
    for (const setup of setups) {
      for (const cache of ['1', '0']) {
        const server = await startServer(opts.port, {
          ...setup.env,
          DATA_DIR: path.join(work, 'data'),
          CATALOGUE_CACHE: cache,
        });
        try {
          const { productPaths, searchBodies } = await demoWorkload(opts.port);
          const company = await measure(opts, { path: '/client/v1/system/company', bodies: [] });
          const detail = await measure(opts, {
            path: productPaths[0] ?? '/',
            bodies: [],
            paths: productPaths,
          });
          const search = await measure(opts, { path: '/client/v1/products', bodies: searchBodies });
          const cacheLabel = cache === '1' ? 'on (default)' : 'off';
          const row = (name: string, m: Measured, ratio: string) =>
            log(`| ${setup.label} | ${cacheLabel} | ${name} | ${fmt(m)} | ${ratio} |`);
          const pct = (m: Measured) => `${((m.rps / company.rps) * 100).toFixed(0)}%`;
          row('GET company info', company, '100%');
          row('GET product detail', detail, pct(detail));
          row('POST search', search, pct(search));
        } finally {
          await stopServer(server);
        }
      }
    }
  } finally {
    if (pgDb) {
      const admin = new pg.Client({ connectionString: opts.postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${pgDb} with (force)`);
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}
