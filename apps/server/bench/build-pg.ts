import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { rebuildSearchIndex } from '../src/domains/search/index.ts';
import { MARK_KEY, wantedMark, type BenchMark } from './build-db.ts';

/**
 * The benchmark's own PostgreSQL databases, one per catalogue size (`labshop_bench_catalogue` for
 * the default 200,000 products, `labshop_bench_catalogue_<count>` otherwise): only these are
 * ever dropped, when the catalogue one holds was built from other sources.
 */
export function pgBenchDatabase(count: number): string {
  return count === 200_000 ? 'labshop_bench_catalogue' : `labshop_bench_catalogue_${count}`;
}

/** The tables the generator fills, parents first (foreign keys). */
const CATALOGUE_TABLES = [
  'brands',
  'stores',
  'categories',
  'products',
  'materials',
  'material_stocks',
] as const;
/** Bound values per insert statement: under PostgreSQL's limit of 65,535. */
const VALUES_PER_INSERT = 30_000;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function readMark(client: pg.Client): Promise<Partial<BenchMark>> {
  try {
    const { rows } = await client.query<{ value: string }>(
      'select value from settings where key = $1',
      [MARK_KEY],
    );
    return rows[0] ? (JSON.parse(rows[0].value) as Partial<BenchMark>) : {};
  } catch {
    return {};
  }
}

/**
 * Copies the catalogue tables row for row (ids included) from the SQLite bench database, so
 * both databases hold the same catalogue and the same search terms apply to both.
 */
async function copyCatalogue(client: pg.Client, sqliteFile: string) {
  const source = new SQLite(sqliteFile, { readonly: true });
  try {
    await client.query('begin');
    for (const table of CATALOGUE_TABLES) {
      const select = source.prepare(`select * from ${table}`).raw(true);
      const columns = select.columns().map((c) => c.name);
      const perInsert = Math.floor(VALUES_PER_INSERT / columns.length);
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const tuples = batch.map(
          (_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
        );
        await client.query(
          `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
          batch.flat(),
        );
        batch = [];
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length === perInsert) await flush();
      }
      await flush();
      if (columns.includes('id')) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) from ${table}`,
        );
      }
    }
    await client.query('commit');
  } finally {
    source.close();
  }
}

export interface PostgresBench {
  /** Connection URL of the bench database. */
  url: string;
  built: string;
}

/**
 * The benchmark catalogue in PostgreSQL (database `pgBenchDatabase(count)` on the server of
 * `adminUrl`), copied from the SQLite bench database once and kept between runs; the search
 * index is rebuilt (by the application's own indexer) when the search code changed.
 */
export async function ensurePostgresBench(
  adminUrl: string,
  sqliteFile: string,
  count: number,
): Promise<PostgresBench> {
  const database = pgBenchDatabase(count);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const want = wantedMark(count);
  const exists = await withClient(adminUrl, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
      database,
    ]);
    return rowCount === 1;
  });
  const have = exists ? await withClient(url.toString(), readMark) : {};
  const built: string[] = [];

  if (have.catalogue !== want.catalogue) {
    await withClient(adminUrl, async (admin) => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`create database ${database}`);
    });
  }
  const db = createDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
  try {
    await migrateToLatest(db);
    if (have.catalogue !== want.catalogue) {
      const t0 = performance.now();
      await withClient(url.toString(), (client) => copyCatalogue(client, sqliteFile));
      built.push(`catalogue ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (have.catalogue !== want.catalogue || have.index !== want.index) {
      const t0 = performance.now();
      await rebuildSearchIndex(db);
      built.push(`search index ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  } finally {
    await db.destroy();
  }
  await withClient(url.toString(), async (client) => {
    // Fresh statistics and visibility map, so the planner sees the real sizes and index-only
    // scans need not visit the table.
    if (built.length > 0) await client.query('vacuum analyze');
    await client.query(
      'insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
      [MARK_KEY, JSON.stringify(want)],
    );
  });
  return { url: url.toString(), built: built.length > 0 ? `built ${built.join(', ')}` : 'cached' };
}
