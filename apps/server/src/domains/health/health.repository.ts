import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
