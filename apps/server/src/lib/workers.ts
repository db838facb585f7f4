import cluster from 'node:cluster';

/**
 * The primary process of a multi-process server (WORKERS > 1, or a heap limit): forks the workers,
 * which share the listening port, each with the heap limit when there is one, starts a new one
 * when one dies, and passes SIGTERM/SIGINT on to them so they finish their requests. It exits once
 * the last worker has.
 */
export function runPrimary(
  workers: number,
  heapLimitMb: number | null,
  log: (msg: string) => void,
): void {
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, heapLimitMb) });
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** The primary's Node options, with the workers' heap limit (if any) in place of its own. */
export function workerExecArgv(execArgv: readonly string[], heapLimitMb: number | null): string[] {
  if (heapLimitMb === null) return [...execArgv];
  const others = execArgv.filter((arg) => !arg.startsWith('--max-old-space-size'));
  return [...others, `--max-old-space-size=${heapLimitMb}`];
}
