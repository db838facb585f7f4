import cluster from 'node:cluster';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './seed/seed.ts';
import { applyListClasses } from './domains/catalogue/index.ts';
import { ensureSearchIndex } from './domains/search/index.ts';
import { buildApp } from './app.ts';
import { codeChannelWarnings, rsaKeyFor } from './domains/account/index.ts';
import { startScheduler } from './lib/jobs.ts';
import { runPrimary } from './lib/workers.ts';
import { shopJobs } from './jobs/shop-jobs.ts';
import { createTransports } from './domains/notifications/index.ts';
import { logDestination } from './lib/request-log.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}

const config = configOrExit();
const db = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'shop.sqlite'),
});
// With WORKERS > 1, or a heap limit for the serving processes, the primary migrates, seeds,
// indexes and makes the RSA key once, then forks workers that only serve; a single process does
// all of it itself.
const multiProcess = config.workers > 1 || config.heapLimitMb !== null;
if (!multiProcess || cluster.isPrimary) {
  await migrateToLatest(db);
  if (config.seed === 'demo') await seedDatabase(db, config);
  // Products stored before a list entry get its classes (docs/compliance.md section 2).
  await applyListClasses(db);
  await ensureSearchIndex(db);
  await rsaKeyFor(config);
}
if (multiProcess && cluster.isPrimary) {
  await db.destroy();
  runPrimary(config.workers, config.heapLimitMb, (msg) => console.error(msg));
} else {
  await serve();
}

async function serve() {
  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel, stream: logDestination() },
  });
  for (const warning of codeChannelWarnings(config)) app.log.warn(warning);
  // Every process runs the scheduler; the lease rows make each due job run on one of them.
  const transports = createTransports(config);
  const scheduler = config.payments.jobsEnabled
    ? startScheduler(db, shopJobs(config.payments, transports), {
        tickMs: config.payments.jobsTickMs,
        log: app.log,
      })
    : null;

  // Finish in-flight requests, then close the database, on SIGINT/SIGTERM or a fatal error.
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after fatal error');
    await scheduler?.stop();
    transports.close();
    await app.close();
    await db.destroy();
  });

  await app.listen({ port: config.port, host: config.host });
}
