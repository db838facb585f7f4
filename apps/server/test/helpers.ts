import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp, type App } from '../src/app.ts';
import { lotLedgerMismatches, stockLedgerMismatches } from '../src/domains/stock/index.ts';

/**
 * A fresh database for one test file: a temporary SQLite file, or, when TEST_DATABASE_URL
 * points at a PostgreSQL server, a new database created on it and dropped afterwards.
 */
export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  dialect: 'sqlite' | 'postgres';
  close: () => Promise<void>;
}

/**
 * An empty database of its own, not yet migrated: a SQLite file in a new directory, or a new
 * database on the PostgreSQL server TEST_DATABASE_URL names. `drop` removes it.
 */
export async function createFreshDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let databaseUrl = '';
  let dbName = '';
  if (adminUrl) {
    dbName = `labshop_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const db = createDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'test.sqlite') });
  return {
    db,
    dataDir,
    databaseUrl,
    dialect: adminUrl ? ('postgres' as const) : ('sqlite' as const),
    /** Closes the database and removes it (call after db.destroy() or instead of it). */
    drop: async () => {
      if (adminUrl) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const { db, dataDir, databaseUrl, dialect, drop } = await createFreshDatabase();
  const config: Config = {
    // Fixtures write the catalogue directly, without bumping its version: no cached answers
    // unless a test asks for them.
    ...loadConfig({
      DATA_DIR: dataDir,
      // Chooses the file store of the engine (the database's own on PostgreSQL).
      DATABASE_URL: databaseUrl,
      SEED: 'none',
      CATALOGUE_CACHE: '0',
      ...env,
    }),
    databaseUrl,
    webDir: env.WEB_DIR ?? path.join(dataDir, 'no-web'),
    // Pages are rendered only where a test names the render (SSR_ENTRY).
    ssrEntry: env.SSR_ENTRY ?? '',
    consoleDir: env.CONSOLE_DIR ?? path.join(dataDir, 'no-console'),
  };
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    dialect,
    close: async () => {
      // Every test file ends by checking the stock ledger: whatever the file did, each pack's
      // movements in a warehouse sum to its count (docs/architecture.md, "Ledgers").
      const mismatches = await stockLedgerMismatches(db);
      const lotMismatches = await lotLedgerMismatches(db);
      await app.close();
      await db.destroy();
      await drop();
      if (mismatches.length > 0) {
        throw new Error(
          `stock changed without its movement: ${JSON.stringify(mismatches.slice(0, 5))}`,
        );
      }
      if (lotMismatches.length > 0) {
        throw new Error(
          `lots disagree with the stock ledger: ${JSON.stringify(lotMismatches.slice(0, 5))}`,
        );
      }
    },
  };
}

/** Parses an inject() answer as the envelope. */
export function body<T = unknown>(res: { body: string }): { code: number; msg: string; data: T } {
  return JSON.parse(res.body) as { code: number; msg: string; data: T };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A request to the test app as a member or staff member (`who` with their token; null: a
 * visitor), with an optional JSON body and extra headers (Idempotency-Key, X-Org-Id). The
 * context is read at each call, so a suite may make it in beforeAll.
 */
export function callerOf(context: () => TestContext) {
  return (
    who: { token: string } | null,
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    context().app.inject({
      method,
      url,
      headers: { ...(who ? { authorization: who.token } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
}
