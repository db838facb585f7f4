import cluster from 'node:cluster';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/seed/seed.ts';
import { logDestination } from '../src/lib/request-log.ts';
import { keptFill } from '../src/lib/kept-per-version.ts';

/**
 * The real application on the benchmark catalogue, in its own process (so the load generator
 * does not share its event loop): built and configured exactly as src/server.ts does, except that
 * it listens on 127.0.0.1 and seeds the demo catalogue only when BENCH_SEED=demo. With WORKERS > 1
 * it forks that many workers sharing the port, as src/server.ts does in production.
 * Env: BENCH_DB (SQLite file) or DATABASE_URL, BENCH_PORT, BENCH_SEED, DATA_DIR, WEB_DIR,
 * CATALOGUE_CACHE, WORKERS.
 * The benchmark talks to it over IPC: `ready` once it listens, the CPU time used so far (by
 * every process of the server) when sent `cpu`, and a single process's memory and how full its
 * caches are when sent `memory` (or `memory-gc`: the same after a full collection).
 */
const config = { ...loadConfig({ ...process.env, SEED: 'none' }), host: '127.0.0.1' };
const multiProcess = config.workers > 1;
const db = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: process.env.BENCH_DB ?? '',
});

const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

if (multiProcess && cluster.isPrimary) {
  await migrateToLatest(db);
  if (process.env.BENCH_SEED === 'demo') await seedDatabase(db, config);
  await db.destroy();
  const workers = Array.from({ length: config.workers }, () => cluster.fork());
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers.length) process.send?.({ ready: true });
  });
  const workerCpu = (worker: (typeof workers)[number]) =>
    new Promise<number>((resolve) => {
      worker.once('message', (m: { cpuUs: number }) => resolve(m.cpuUs));
      worker.send('cpu');
    });
  process.on('message', () => {
    void Promise.all(workers.map(workerCpu)).then((each) =>
      process.send?.({ cpuUs: each.reduce((a, b) => a + b, cpuUs()) }),
    );
  });
  const stop = () => {
    for (const worker of workers) worker.process.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
} else {
  if (!multiProcess) {
    await migrateToLatest(db);
    if (process.env.BENCH_SEED === 'demo') await seedDatabase(db, config);
  }
  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel, stream: logDestination() },
  });
  await app.listen({ port: Number(process.env.BENCH_PORT), host: config.host });
  if (!multiProcess) process.send?.({ ready: true });
  process.on('message', (m) => {
    // `memory-gc` reads the memory after a full collection (the bench starts this process with
    // --expose-gc), so the live set shows apart from garbage not yet collected.
    if (m === 'memory-gc') globalThis.gc?.();
    process.send?.(
      m === 'memory' || m === 'memory-gc'
        ? { memory: process.memoryUsage(), kept: keptFill() }
        : { cpuUs: cpuUs() },
    );
  });

  const stop = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}
