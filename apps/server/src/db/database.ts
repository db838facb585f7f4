import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
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
  if (opts.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new SQLite(opts.sqliteFile);
  // WAL lets readers run beside the writer; synchronous=NORMAL is durable across process kills
  // in WAL mode (only an OS crash can lose the last transactions).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
  });
}

/** Distinct SQL texts kept prepared (IN lists of different lengths are different texts). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; preparing costs more than running most of our indexed
 * queries, so prepared statements are reused (least recently used ones are dropped). Safe
 * because better-sqlite3 runs a statement to completion before returning, and nothing streams.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
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
