import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

// PostgreSQL returns bigint (epoch ms, counts) as strings; every bigint we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface DatabaseOptions {
  databaseUrl: string;
  /** SQLite file path (used when databaseUrl is empty); ':memory:' for a throwaway database. */
  sqliteFile: string;
}

export function createDatabase(opts: DatabaseOptions): Db {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection can be cut by the server (restart, admin termination); pg drops it from
    // the pool and the next query opens a new one. Unlistened, that event would crash the process.
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  if (opts.sqliteFile !== ':memory:')
    fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new SQLite(opts.sqliteFile);
  // WAL lets readers run beside the writer; synchronous=NORMAL is durable across process kills
  // in WAL mode (only an OS crash can lose the last transactions).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  // Pages are read straight from the mapped file, without a system call and a copy each: the
  // search index outgrows the page cache (a tenth faster searches at 200,000 products).
  sqlite.pragma('mmap_size = 1073741824');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements satisfies SqliteDatabase }),
    plugins,
  });
  sqliteHandles.set(db, { sqlite, prepare: (text) => statements.prepare(text) });
  return db;
}

interface SqliteStatements {
  prepare: (sql: string) => SQLite.Statement;
}

interface SqliteHandle extends SqliteStatements {
  sqlite: SQLite.Database;
}

/** The SQLite handle behind each database made by createDatabase. */
const sqliteHandles = new WeakMap<Db, SqliteHandle>();

/**
 * Runs synchronous reads on the SQLite handle itself, for the few reads whose rows cost more to
 * turn into objects than to find (a statement can return one plain number per row with pluck()).
 * The reads run while Kysely's one connection is held, so no Kysely transaction is open on it,
 * and in one read transaction, so every statement sees the same snapshot (another process may
 * write between them). Answers undefined for PostgreSQL or a derived handle (a transaction,
 * withoutPlugins()): the caller then reads through Kysely.
 */
export async function readSqlite<T>(
  db: Db,
  read: (prepare: (sql: string) => SQLite.Statement) => T,
): Promise<T | undefined> {
  const handle = sqliteHandles.get(db);
  if (!handle) return undefined;
  return db
    .connection()
    .execute(async () => handle.sqlite.transaction(() => read(handle.prepare))());
}

/** Distinct SQL texts kept prepared (IN lists of different lengths are different texts). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; preparing costs more than running most of our indexed
 * queries, so prepared statements are reused (least recently used ones are dropped). Safe
 * because better-sqlite3 runs a statement to completion before returning, and nothing streams.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteStatements & { close(): void } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      return statement;
    },
  };
}

export const isPostgres = <T>(db: Kysely<T>): boolean =>
  db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
