import type { Db } from '../../db/database.ts';

export async function insertEvent(db: Db, key: string, at: number): Promise<number> {
  const row = await db
    .insertInto('rateEvents')
    .values({ key, createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function eventTimesSince(db: Db, key: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('rateEvents')
    .select('createdAt')
    .where('key', '=', key)
    .where('createdAt', '>', since)
    .execute();
  return rows.map((r) => r.createdAt);
}

export async function deleteEvent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('rateEvents').where('id', '=', id).execute();
}
