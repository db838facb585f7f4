import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './seed/seed.ts';
import { ensureSearchIndex } from './features/search/search.indexer.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const db = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'shop.sqlite'),
});
await migrateToLatest(db);
if (config.seed === 'demo') await seedDatabase(db, config);
await ensureSearchIndex(db);

const app = await buildApp({ config, db, logger: { level: config.logLevel } });

// Finish in-flight requests, then close the database, on SIGINT/SIGTERM or a fatal error.
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after fatal error');
  await app.close();
  await db.destroy();
});

await app.listen({ port: config.port, host: config.host });
