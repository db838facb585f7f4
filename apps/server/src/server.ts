import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './seed/seed.ts';
import { buildApp } from './app.ts';
import { codeChannelWarnings } from './features/account/code-delivery/index.ts';

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
await migrateToLatest(db);
if (config.seed === 'demo') await seedDatabase(db, config);

const app = await buildApp({ config, db, logger: { level: config.logLevel } });
for (const warning of codeChannelWarnings(config)) app.log.warn(warning);

// Finish in-flight requests, then close the database, on SIGINT/SIGTERM or a fatal error.
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after fatal error');
  await app.close();
  await db.destroy();
});

await app.listen({ port: config.port, host: config.host });
