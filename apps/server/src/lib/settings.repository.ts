import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The `settings` table: one text value per key (company and bank details, the catalogue
 * version, ...). Every feature reads and writes its settings through these.
 */

/** The stored value of a setting, or undefined when it was never set. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
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
