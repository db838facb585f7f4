import path from 'node:path';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { rebuildSearchIndex } from './domains/search/index.ts';

/** `npm run reindex`: rebuilds the whole search index of the configured database. */
const config = loadConfig();
const db = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'shop.sqlite'),
});
try {
  await migrateToLatest(db);
  const started = Date.now();
  await rebuildSearchIndex(db);
  console.log(JSON.stringify({ event: 'reindexed', ms: Date.now() - started }));
} finally {
  await db.destroy();
}
