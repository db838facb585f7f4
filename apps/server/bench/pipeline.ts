import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startCannon, type Cannon } from './cannon.ts';
import { topSelfTime } from './cpu-profile.ts';
import { drive } from './load.ts';

/**
 * What the request pipeline (hooks, plugins, logging) costs: the cheapest API answer (company
 * info) and a static file (the storefront's favicon) from the production build, started as
 * `npm start` starts it, each beside a bare node:http server answering the same status, headers
 * and bytes, driven alike in the same run; the figure is the ratio of the two, so it holds on a
 * busy machine (docs/performance.md, "The request pipeline").
 * With BENCH_CPU_PROF=<dir> the app runs under `node --cpu-prof` and its top self-time frames
 * are printed at the end. BENCH_BUNDLE=<file> measures a bundle built before (an older commit's,
 * for a before and after) instead of building the working tree's.
 */
export interface PipelineOptions {
  port: number;
  concurrency: number;
  requests: number;
  warmup: number;
  rounds: number;
  maxMs: number;
  /** Where the app writes its CPU profile; empty: not profiled. */
  profileDir: string;
  /**
   * `cannon`: autocannon in a process of its own (bench/cannon.ts), as an outside client;
   * `in-process`: the other parts' load generator in the bench's own process (how these rows
   * were measured before 2026-12-02, kept to reproduce the figures of then).
   */
  loader: 'cannon' | 'in-process';
  /**
   * `pipe`: the app's stdout is a pipe the bench reads to its end, as a log collector reads a
   * service's (journald, a container runtime), and the lines are counted; `null`: /dev/null
   * (before 2026-12-02).
   */
  logTo: 'pipe' | 'null';
  log: (line?: string) => void;
}

const ENDPOINTS = [
  { label: 'GET company info', path: '/client/v1/system/company' },
  { label: 'GET /favicon.svg (static)', path: '/favicon.svg' },
];
/** Budget: the cheapest API answer at this share of a bare node:http server's throughput or more. */
const BUDGET_RATIO = 0.4;
/** What a browser sends (the load generator's headers, bench/load.ts). */
const REQUEST_HEADERS = {
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
};

const serverDir = path.resolve(import.meta.dirname, '..');
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU time (user + system) a process has used so far, in microseconds; NaN where /proc is missing. */
function processCpuUs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields of the whole line.
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
  } catch {
    return Number.NaN;
  }
}

/** The production bundle, built as `npm run build` builds it, into the bench's own folder. */
export function buildBundle(outDir: string): string {
  const outfile = path.join(outDir, 'server.js');
  const built = spawnSync(process.execPath, ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUTFILE: outfile },
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
  return outfile;
}

export async function waitForAnswer(port: number, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${ENDPOINTS[0]!.path}`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('server did not answer in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `node --enable-source-maps dist/server.js` as `npm start` runs it, on a fresh demo shop. */
async function startApp(bundle: string, dataDir: string, opts: PipelineOptions) {
  const profile = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', bundle], {
    cwd: path.resolve(serverDir, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED: 'demo',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      // One process, as the bare server is one.
      WORKERS: '1',
    },
    stdio: ['ignore', opts.logTo === 'pipe' ? 'pipe' : 'ignore', 'inherit'],
  });
  const logged = { lines: 0 };
  // Read as a collector reads it: every byte, to the end; only the line count is kept.
  child.stdout?.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) logged.lines += 1;
  });
  await waitForAnswer(opts.port, child, 180_000);
  return { child, logged };
}

function startBare(port: number, answers: unknown[]): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.send(answers);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  // 'close': after the exit and the end of its piped output.
  const exited = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The app's answer to each endpoint as the load generator's requests get it: the bytes as sent. */
function recordAnswer(port: number, urlPath: string) {
  return new Promise<{
    path: string;
    status: number;
    headers: Record<string, string>;
    body: string;
    size: number;
  }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: REQUEST_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // The bare server's own connection handling writes these.
            if (['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) continue;
            if (typeof value === 'string') headers[name] = value;
          }
          const body = Buffer.concat(chunks);
          resolve({
            path: urlPath,
            status: res.statusCode ?? 0,
            headers,
            body: body.toString('base64'),
            size: body.length,
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface Run {
  rps: number;
  cpuUsPerRequest: number;
  errors: number;
}

interface Target {
  port: number;
  pid: number;
}

/**
 * The two servers take turns in this many slices of each row's requests, so a burst of other
 * work on the machine falls on both alike.
 */
const SLICES = 10;

/** Requests answered, errors and time taken of one slice, by the chosen load generator. */
type Slice = (
  t: Target,
  requests: number,
) => Promise<{ requests: number; ms: number; errors: number }>;

function sliceRunner(urlPath: string, opts: PipelineOptions, cannon: Cannon | null): Slice {
  if (cannon) {
    return async (t, requests) => {
      const r = await cannon.run({
        port: t.port,
        path: urlPath,
        connections: opts.concurrency,
        amount: requests,
        headers: REQUEST_HEADERS,
      });
      return { requests: r.requests, ms: r.elapsedMs, errors: r.errors };
    };
  }
  return async (t, requests) => {
    const r = await drive({
      port: t.port,
      path: urlPath,
      bodies: [],
      concurrency: opts.concurrency,
      requests,
      maxMs: opts.maxMs,
    });
    return { requests: r.latencies.length, ms: r.elapsedMs, errors: r.errors };
  };
}

/** The same requests to the bare server and to the app, in alternating slices. */
async function measurePair(
  targets: [bare: Target, app: Target],
  run: Slice,
  opts: PipelineOptions,
): Promise<[bare: Run, app: Run]> {
  for (const t of targets) await run(t, opts.warmup);
  const totals = targets.map(() => ({ requests: 0, ms: 0, cpuUs: 0, errors: 0 }));
  for (let slice = 0; slice < SLICES; slice += 1) {
    // Each slice starts with the other server, so neither always follows the other.
    const order = slice % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const t = targets[i]!;
      const cpu0 = processCpuUs(t.pid);
      const r = await run(t, Math.ceil(opts.requests / SLICES));
      const total = totals[i]!;
      total.cpuUs += processCpuUs(t.pid) - cpu0;
      total.requests += r.requests;
      total.ms += r.ms;
      total.errors += r.errors;
    }
  }
  const [bare, app] = totals.map((t) => ({
    rps: (t.requests / t.ms) * 1000,
    cpuUsPerRequest: t.cpuUs / t.requests,
    errors: t.errors,
  }));
  return [bare!, app!];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

export async function pipelineRatios(opts: PipelineOptions): Promise<void> {
  const { log } = opts;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-bench-pipeline-'));
  const bundle = process.env.BENCH_BUNDLE || buildBundle(path.join(serverDir, '.bench', 'dist'));
  const dataDir = path.join(work, 'data');
  // A profile should show requests, not the demo seed: the first start seeds, the second profiles.
  if (opts.profileDir) {
    await stop((await startApp(bundle, dataDir, { ...opts, profileDir: '' })).child);
  }
  const { child: app, logged } = await startApp(bundle, dataDir, opts);
  // The profile is of company info alone, so its frames are the pipeline's and that route's.
  const endpoints = opts.profileDir ? ENDPOINTS.slice(0, 1) : ENDPOINTS;
  let bare: ChildProcess | undefined;
  const cannon = opts.loader === 'cannon' ? await startCannon() : null;
  log(
    `Load generator: ${cannon ? 'autocannon in its own process' : "the bench's own process"}; the app's log: ${opts.logTo === 'pipe' ? 'stdout, a pipe read to its end' : '/dev/null'}.`,
  );
  // When the load begins (the profile leaves out what came before).
  const loadFromUs = Number(process.hrtime.bigint() / 1000n);
  const linesBefore = logged.lines;
  let appRequests = 0;
  try {
    const answers = await Promise.all(ENDPOINTS.map((e) => recordAnswer(opts.port, e.path)));
    appRequests += answers.length;
    for (const a of answers) {
      log(
        `${a.path}: ${a.status}, ${a.size} bytes${a.headers['content-encoding'] ? ` ${a.headers['content-encoding']}` : ''}`,
      );
    }
    bare = await startBare(opts.port + 1, answers);
    const bareTarget = { port: opts.port + 1, pid: bare.pid! };
    const appTarget = { port: opts.port, pid: app.pid! };
    log();
    log(
      '| endpoint | round | bare node:http req/s | app req/s | app / bare | bare CPU µs/req | app CPU µs/req | errors |',
    );
    log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const ratios = new Map<string, number[]>();
    for (let round = 1; round <= opts.rounds; round += 1) {
      for (const endpoint of endpoints) {
        const slice = sliceRunner(endpoint.path, opts, cannon);
        const counted: Slice = async (t, requests) => {
          const r = await slice(t, requests);
          if (t === appTarget) appRequests += r.requests;
          return r;
        };
        const [b, a] = await measurePair([bareTarget, appTarget], counted, opts);
        const ratio = a.rps / b.rps;
        ratios.set(endpoint.label, [...(ratios.get(endpoint.label) ?? []), ratio]);
        log(
          `| ${endpoint.label} | ${round} | ${b.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${(ratio * 100).toFixed(0)}% | ${b.cpuUsPerRequest.toFixed(1)} | ${a.cpuUsPerRequest.toFixed(1)} | ${a.errors + b.errors} |`,
        );
      }
    }
    log();
    for (const [label, values] of ratios) {
      log(`${label}: median ${(median(values) * 100).toFixed(0)}% of bare node:http`);
    }
    const short = [...ratios].filter(([, values]) => median(values) < BUDGET_RATIO);
    log(
      short.length === 0
        ? `Pipeline budget (every row >= ${BUDGET_RATIO * 100}% of bare node:http): met.`
        : `Pipeline budget (every row >= ${BUDGET_RATIO * 100}% of bare node:http): NOT met on ${short.map(([label]) => label).join(', ')}.`,
    );
  } finally {
    await cannon?.stop();
    if (bare) await stop(bare);
    await stop(app);
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (opts.logTo === 'pipe') {
    // Read after the app has exited, so the lines it still held are counted too.
    log(
      `The app wrote ${logged.lines - linesBefore} log lines for the ${appRequests} requests it answered under load.`,
    );
  }
  if (opts.profileDir) printProfile(opts.profileDir, loadFromUs, log);
}

/** The newest profile in the folder (the app writes it as it exits). */
function printProfile(dir: string, fromUs: number, log: (line?: string) => void) {
  const newest = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!newest) return;
  log();
  log(`Top self-time frames of the app under load (${newest}), share of its busy time:`);
  log();
  log('| frame | self % |');
  log('|---|---:|');
  for (const f of topSelfTime(newest, 25, fromUs))
    log(`| \`${f.frame}\` | ${f.percent.toFixed(1)} |`);
}
