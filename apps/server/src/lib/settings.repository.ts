import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The `settings` table: one text value per key (company and bank details, the catalogue
 * version, ...). Every feature reads and writes its settings through these.
 */

/** Each database's setting reads, compiled once per list of keys (all named in code). */
type SettingsRead = CompiledQuery<{ key: string; value: string }>;
const compiledReads = new WeakMap<Db, Map<string, SettingsRead>>();
/** More lists than the code names: reads past it are compiled each time. */
const MAX_COMPILED_READS = 256;

/**
 * The stored values of settings, in the order of `keys` (undefined where never set), in one
 * statement: one read of the database however many keys (company info reads two on every
 * member's page). The query is built and compiled once per database and list of keys: for the
 * cheapest API answers Kysely's building and compiling took about as long as SQLite's read
 * (docs/performance.md, "The request pipeline").
 */
export async function readSettings(
  db: Db,
  keys: readonly string[],
): Promise<(string | undefined)[]> {
  let byKeys = compiledReads.get(db);
  if (!byKeys) compiledReads.set(db, (byKeys = new Map<string, SettingsRead>()));
  const name = JSON.stringify(keys);
  let query = byKeys.get(name);
  if (!query) {
    query = db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).compile();
    if (byKeys.size < MAX_COMPILED_READS) byKeys.set(name, query);
  }
  const { rows } = await db.executeQuery(query);
  return keys.map((key) => rows.find((row) => row.key === key)?.value);
}

/** The stored value of a setting, or undefined when it was never set. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  return (await readSettings(db, [key]))[0];
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
