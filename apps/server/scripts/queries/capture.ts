import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/**
 * Databases that write down every statement run on them, with its bound parameters, so the
 * SQL of a repository function can be read as the shop sends it (docs/architecture.md, "Reading
 * the SQL"). Both are made by the shop's own createDatabase, so the SQL is compiled with the
 * shop's plugins and takes the shop's dialect branches (isPostgres, the SQLite-only reads).
 */

export interface Ran {
  sql: string;
  parameters: readonly unknown[];
  /** What SQLite answered: replayed to the PostgreSQL side, which has no server behind it. */
  rows: readonly unknown[];
  changes: number;
}

const STATEMENT_METHODS = ['all', 'get', 'run', 'iterate'] as const;

interface StatementLike {
  source: string;
  database: { name: string };
}

type Method = (this: StatementLike, ...args: unknown[]) => unknown;

/**
 * A real SQLite database in a file of its own, migrated. Statements are written down while
 * `record` runs, and only those run on this file: better-sqlite3's statement methods are
 * wrapped for that time (they are the one place every read and write passes, the prepared
 * statement cache and the plain-number reads of readSqlite included).
 */
export async function recordingSqlite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-queries-'));
  const file = path.join(dir, 'queries.sqlite');
  const db = createDatabase({ databaseUrl: '', sqliteFile: file });
  await migrateToLatest(db);
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Method>;
  probe.close();

  async function record(run: (db: Db) => Promise<unknown>): Promise<Ran[]> {
    const ran: Ran[] = [];
    const originals = STATEMENT_METHODS.map((name) => [name, proto[name]!] as const);
    for (const [name, original] of originals) {
      proto[name] = function (this: StatementLike, ...args: unknown[]) {
        if (this.database.name !== file) return original.apply(this, args);
        // Kysely binds one array; readSqlite's plain reads bind the values themselves.
        const parameters = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
        const entry = { sql: this.source, parameters, rows: [] as unknown[], changes: 0 };
        ran.push(entry);
        const out = original.apply(this, args);
        if (name === 'all') entry.rows = out as unknown[];
        if (name === 'get' && out !== undefined) entry.rows = [out];
        if (name === 'run') entry.changes = (out as { changes: number }).changes;
        return out;
      };
    }
    try {
      await run(db);
    } finally {
      for (const [name, original] of originals) proto[name] = original;
    }
    return ran;
  }

  return {
    db,
    record,
    close: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Never connected to: a pool with this address is answered by the recorder. */
const REPLAY_URL = 'postgres://queries@replay.invalid/queries';

type Connect = (this: { options: { connectionString?: string } }, ...args: unknown[]) => unknown;

/**
 * A PostgreSQL database without a server: the shop's createDatabase over a pool whose
 * connections write the statements down and answer each with the rows SQLite gave for the same
 * statement in the same call (matched by text), so a function takes the path it took there.
 * A statement of PostgreSQL's own (a dialect branch) answers no rows.
 */
export function recordingPostgres() {
  const prototype = pg.Pool.prototype as unknown as { connect: Connect };
  const original = prototype.connect;
  const ownConnect = Object.hasOwn(prototype, 'connect');
  let ran: Ran[] = [];
  let replies: Array<Ran & { used?: boolean }> = [];
  const client = {
    query: async (text: string, values: unknown[] = []) => {
      ran.push({ sql: text, parameters: values, rows: [], changes: 0 });
      const asSqlite = text.replace(/\$\d+/g, '?');
      const reply = replies.find((r) => !r.used && r.sql === asSqlite);
      if (reply) reply.used = true;
      const rows = reply?.rows ?? [];
      return {
        command: (/^\s*(\w+)/.exec(text)?.[1] ?? '').toUpperCase(),
        rowCount: reply ? Math.max(reply.changes, rows.length) : 0,
        rows,
      };
    },
    release: () => undefined,
  };
  prototype.connect = function (...args) {
    if (this.options.connectionString !== REPLAY_URL) return original.apply(this, args);
    return Promise.resolve(client);
  };
  const db = createDatabase({ databaseUrl: REPLAY_URL, sqliteFile: '' });

  async function record(
    run: (db: Db) => Promise<unknown>,
    sqliteRan: readonly Ran[],
  ): Promise<Ran[]> {
    ran = [];
    replies = sqliteRan.map((r) => ({ ...r }));
    await run(db);
    return ran;
  }

  return {
    db,
    record,
    close: async () => {
      await db.destroy();
      if (ownConnect) prototype.connect = original;
      else delete (prototype as Partial<typeof prototype>).connect;
    },
  };
}
