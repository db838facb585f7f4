import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * The load generator of the pipeline bench in a process of its own (autocannon, keep-alive
 * connections, one request at a time on each), so the server's throughput is measured as an
 * outside client sees it: the bench's own process neither shares the generator's event loop nor
 * adds its HTTP client's cost to either side (docs/performance.md, "The request pipeline").
 * `startCannon()` forks this file; the child runs one measurement per message it is sent.
 */
export interface CannonRun {
  port: number;
  path: string;
  connections: number;
  /** Requests to send; the run ends when all are answered. */
  amount: number;
  headers: Record<string, string>;
}

export interface CannonResult {
  /** Answers received. */
  requests: number;
  /** From the first request sent to the last answer, measured in the generator's process. */
  elapsedMs: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  errors: number;
}

export interface Cannon {
  run(run: CannonRun): Promise<CannonResult>;
  stop(): Promise<void>;
}

function measure(run: CannonRun): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let lastAnswer = t0;
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${run.port}${run.path}`,
        connections: run.connections,
        pipelining: 1,
        amount: run.amount,
        headers: run.headers,
        // autocannon ends a run on its sampling tick; a short one keeps the wait between runs short.
        sampleInt: 20,
      },
      (err, result) => {
        if (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        resolve({
          requests: result.requests.total,
          // To the last answer, not to the tick that ended the run.
          elapsedMs: lastAnswer - t0,
          errors: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
  });
}

/** The load generator's process, ready for runs. */
export function startCannon(): Promise<Cannon> {
  const child: ChildProcess = fork(import.meta.filename, ['--child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let pending: { resolve: (r: CannonResult) => void; reject: (e: Error) => void } | null = null;
  child.on('message', (m: { result?: CannonResult; error?: string }) => {
    const p = pending;
    pending = null;
    if (m.error !== undefined) p?.reject(new Error(m.error));
    else if (m.result) p?.resolve(m.result);
  });
  child.once('exit', (code) => pending?.reject(new Error(`load generator exited (${code})`)));
  const cannon: Cannon = {
    run: (run) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send(run);
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(cannon));
    child.once('error', reject);
  });
}

if (process.argv.includes('--child')) {
  process.on('message', (run: CannonRun) => {
    measure(run).then(
      (result) => process.send?.({ result }),
      (err: unknown) => process.send?.({ error: String(err) }),
    );
  });
}
