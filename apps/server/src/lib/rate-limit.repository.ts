import type { Db } from '../db/database.ts';

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

export async function deleteEvents(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('rateEvents').where('id', 'in', ids).execute();
}

export async function deleteEventsOfKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rateEvents').where('key', '=', key).execute();
}

export async function deleteEventsBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rateEvents').where('createdAt', '<', before).execute();
}
