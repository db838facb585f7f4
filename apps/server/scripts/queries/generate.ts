import fs from 'node:fs';
import path from 'node:path';
import { recordingPostgres, recordingSqlite } from './capture.ts';
import { openShop, queryFiles } from './examples.ts';
import { renderFile, type Recorded } from './render.ts';

/**
 * The checked-in SQL of the hot and money-moving queries (docs/architecture.md, "Reading the
 * SQL"): `npm run queries` writes it, test/queries.test.ts checks it is current.
 */

/** apps/server: the file names below are relative to it. */
export const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** domains/stock/stock.repository.ts -> src/domains/stock/queries/stock.repository.sql */
const sqlFileOf = (repository: string) =>
  path.join('src', path.dirname(repository), 'queries', `${path.basename(repository, '.ts')}.sql`);

/** Every file's text by its name: each example runs on SQLite, then on PostgreSQL. */
export async function generateQueryFiles(): Promise<Map<string, string>> {
  const sqlite = await recordingSqlite();
  const postgres = recordingPostgres();
  try {
    const shop = await openShop(sqlite.db);
    const out = new Map<string, string>();
    for (const file of queryFiles(shop)) {
      const recorded: Recorded[] = [];
      for (const { call, note, run } of file.examples) {
        const ranOnSqlite = await sqlite.record(run);
        recorded.push({
          call,
          note,
          sqlite: ranOnSqlite,
          postgres: await postgres.record(run, ranOnSqlite),
        });
      }
      out.set(sqlFileOf(file.repository), renderFile(file.repository, recorded));
    }
    return out;
  } finally {
    await postgres.close();
    await sqlite.close();
  }
}

/** The generated files present in the tree, by name (to find one no longer generated). */
export function checkedInQueryFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(SERVER_DIR, dir), { withFileTypes: true })) {
      const name = path.join(dir, e.name);
      if (e.isDirectory()) walk(name);
      else if (path.basename(dir) === 'queries' && e.name.endsWith('.sql')) found.push(name);
    }
  };
  walk('src');
  return found.sort();
}
