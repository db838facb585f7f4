import http from 'node:http';

/** Headers a browser sends with the storefront's API calls. */
const HEADERS = {
  'content-type': 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  accept: 'application/json, text/plain, */*',
};

export interface LoadResult {
  /** Latency of every measured request, in milliseconds. */
  latencies: number[];
  /** Answers other than 200. */
  errors: number;
  elapsedMs: number;
}

function send(
  agent: http.Agent,
  port: number,
  path: string,
  payload: string | null,
  extra: Readonly<Record<string, string>>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: payload === null ? 'GET' : 'POST',
        headers:
          payload === null
            ? { accept: HEADERS.accept, 'accept-encoding': HEADERS['accept-encoding'], ...extra }
            : { ...HEADERS, 'content-length': Buffer.byteLength(payload), ...extra },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

export interface LoadOptions {
  port: number;
  path: string;
  /** JSON bodies, POSTed in turn; empty: GET requests. */
  bodies: readonly string[];
  /** Sent with every request besides a browser's (a member's authorization, say). */
  headers?: Readonly<Record<string, string>>;
  /** GET paths, requested in turn instead of `path` (when there are no bodies). */
  paths?: readonly string[];
  concurrency: number;
  /** Requests to measure; each client stops when they are used up... */
  requests: number;
  /** ...or when this time has passed, whichever comes first. */
  maxMs: number;
}

/**
 * A closed loop of `concurrency` clients on keep-alive connections, each sending its next
 * request as soon as the previous answer has been read.
 */
export async function drive(opts: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const deadline = start + opts.maxMs;

  const client = async () => {
    while (issued < opts.requests && performance.now() < deadline) {
      const n = issued;
      issued += 1;
      const payload = opts.bodies.length ? (opts.bodies[n % opts.bodies.length] ?? '{}') : null;
      const target = opts.paths?.length
        ? (opts.paths[n % opts.paths.length] ?? opts.path)
        : opts.path;
      const t0 = performance.now();
      const status = await send(agent, opts.port, target, payload, opts.headers ?? {});
      latencies.push(performance.now() - t0);
      if (status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  const elapsedMs = performance.now() - start;
  agent.destroy();
  return { latencies, errors, elapsedMs };
}

/** Nearest-rank percentile. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** One plain request whose JSON answer is read (for checking what the terms match). */
export async function postJson<T>(port: number, path: string, payload: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload,
  });
  return (await res.json()) as T;
}
