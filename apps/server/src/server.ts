import cluster from 'node:cluster';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './seed/seed.ts';
import { buildApp } from './app.ts';
import { rsaKeyFor } from './features/account/rsa.ts';
import { runPrimary } from './lib/workers.ts';

const config = loadConfig();
const db = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'shop.sqlite'),
});
const multiProcess = config.workers > 1;
// With WORKERS > 1 the primary migrates, seeds and makes the RSA key once, then forks workers
// that only serve; a single process does all of it itself.
if (!multiProcess || cluster.isPrimary) {
  await migrateToLatest(db);
  if (config.seed === 'demo') await seedDatabase(db, config);
  await rsaKeyFor(config);
}
if (multiProcess && cluster.isPrimary) {
  await db.destroy();
  runPrimary(config.workers, (msg) => console.error(msg));
} else {
  await serve();
}

async function serve() {
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });

  // Finish in-flight requests, then close the database, on SIGINT/SIGTERM or a fatal error.
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after fatal error');
    await app.close();
    await db.destroy();
  });

  await app.listen({ port: config.port, host: config.host });
}
