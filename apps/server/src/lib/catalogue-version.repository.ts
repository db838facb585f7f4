import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The stored value of a setting, or undefined when it was never set. */
export async function readSettingValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
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
