import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/seed/seed.ts';

/**
 * The real application on the benchmark catalogue, in its own process (so the load generator
 * does not share its event loop): built and configured exactly as src/server.ts does, except that
 * it listens on 127.0.0.1 and seeds the demo catalogue only when BENCH_SEED=demo.
 * Env: BENCH_DB (SQLite file) or DATABASE_URL, BENCH_PORT, BENCH_SEED, DATA_DIR, WEB_DIR,
 * CATALOGUE_CACHE.
 */
const config = { ...loadConfig({ ...process.env, SEED: 'none' }), host: '127.0.0.1' };
const db = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: process.env.BENCH_DB ?? '',
});
await migrateToLatest(db);
if (process.env.BENCH_SEED === 'demo') await seedDatabase(db, config);
const app = await buildApp({ config, db, logger: { level: config.logLevel } });
await app.listen({ port: Number(process.env.BENCH_PORT), host: config.host });
process.send?.({ ready: true });
// The benchmark asks for the CPU time spent so far, to report CPU per request beside latency.
process.on('message', () => process.send?.({ cpuUs: process.cpuUsage() }));

const stop = async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
