/**
 * `npm run files:migrate`: moves an existing shop's files from DATA_DIR/files and DATA_DIR/private
 * into the store the configuration names (the database on PostgreSQL, or the S3 bucket), with the
 * same environment the server starts with (README, "Files").
 *
 * Idempotent and resumable: a file the store already holds with the same size (and the same
 * SHA-256, where the store keeps one) is skipped, and each file goes in whole or not at all, so a
 * run that was killed continues where it stopped. Nothing is removed from DATA_DIR: once a run
 * ends with no failures, the folders can be archived and removed by hand.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openFileStore } from './lib/file-store/index.ts';
import { diskStore } from './lib/file-store/disk-store.ts';
import { migrateFiles } from './lib/file-store/migrate-files.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.fileStore.kind === 'disk') {
    console.log(`[files:migrate] the file store is ${config.dataDir} itself: nothing to move`);
    return 0;
  }
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'shop.sqlite'),
  });
  try {
    await migrateToLatest(db);
    const target = openFileStore(config, db);
    console.log(`[files:migrate] ${config.dataDir}/{files,private} -> the ${target.kind} store`);
    const tty = process.stdout.isTTY;
    let shown = 0;
    const totals = await migrateFiles(diskStore(config.dataDir), target, (line, t) => {
      const done = t.copied + t.skipped + t.failed.length;
      if (tty) process.stdout.write(`\r[files:migrate] ${line}`);
      else if (done === t.files || Date.now() - shown >= 2000) {
        shown = Date.now();
        console.log(`[files:migrate] ${line}`);
      }
    });
    if (tty && totals.files > 0) process.stdout.write('\n');
    for (const failure of totals.failed) console.error(`[files:migrate] FAILED ${failure}`);
    console.log(
      totals.failed.length === 0
        ? `[files:migrate] done: ${totals.files} files in the ${target.kind} store (${totals.copied} copied, ${totals.skipped} already there)`
        : `[files:migrate] ${totals.failed.length} file(s) failed; run again to retry them`,
    );
    return totals.failed.length === 0 ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
}
