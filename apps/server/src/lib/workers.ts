import cluster from 'node:cluster';

/**
 * The primary process of a multi-process server (WORKERS > 1): forks the workers, which share the
 * listening port, starts a new one when one dies, and passes SIGTERM/SIGINT on to them so they
 * finish their requests. It exits once the last worker has.
 */
export function runPrimary(workers: number, log: (msg: string) => void): void {
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
