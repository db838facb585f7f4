import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The `settings` table: one text value per key (company and bank details, the catalogue
 * version, ...). Every feature reads and writes its settings through these.
 */

/** Each database's setting reads, compiled once per key (a few dozen keys, all named in code). */
const compiledReads = new WeakMap<Db, Map<string, CompiledQuery<{ value: string }>>>();
/** More keys than the code names: reads past it are compiled each time, as before. */
const MAX_COMPILED_KEYS = 256;

/**
 * The stored value of a setting, or undefined when it was never set. The query is built and
 * compiled once per database and key: the cheapest API answers (company info) read two settings,
 * and Kysely's building and compiling took about as long as SQLite's read (docs/performance.md,
 * "The request pipeline").
 */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  let byKey = compiledReads.get(db);
  if (!byKey) compiledReads.set(db, (byKey = new Map<string, CompiledQuery<{ value: string }>>()));
  let query = byKey.get(key);
  if (!query) {
    query = db.selectFrom('settings').select('value').where('key', '=', key).compile();
    if (byKey.size < MAX_COMPILED_KEYS) byKey.set(key, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows[0]?.value;
}

/** Stores a setting, replacing its value. */
export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Inserts the setting unless it exists; answers whether this call inserted it. */
export async function claimSetting(db: Db, key: string, value: string): Promise<boolean> {
  const res = await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Adds one to a numeric setting in a single statement, starting it at 1. */
export async function incrementSetting(db: Db, key: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: '1' })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: sql<string>`cast(cast(${sql.ref('settings.value')} as integer) + 1 as text)`,
      }),
    )
    .execute();
}
