import type { Db } from '../db/database.ts';
import { tooManyRequests } from './errors.ts';
import { now } from './clock.ts';

export interface Window {
  /** Window length in ms. */
  ms: number;
  /** Most events allowed within the window. */
  max: number;
}

/**
 * Counts events per key in the database (instances stay stateless) and refuses with 429 when a
 * window is full. Call `record` only after the guarded action was attempted.
 */
export async function assertUnderLimit(db: Db, key: string, windows: Window[]): Promise<void> {
  const t = now();
  const longest = Math.max(...windows.map((w) => w.ms));
  const rows = await db
    .selectFrom('rateEvents')
    .select('createdAt')
    .where('key', '=', key)
    .where('createdAt', '>', t - longest)
    .execute();
  for (const w of windows) {
    if (rows.filter((r) => r.createdAt > t - w.ms).length >= w.max) throw tooManyRequests();
  }
}

export async function recordEvent(db: Db, key: string): Promise<void> {
  await db.insertInto('rateEvents').values({ key, createdAt: now() }).execute();
}

/** Forgets the events of a key, e.g. login failures after a successful login. */
export async function clearEvents(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rateEvents').where('key', '=', key).execute();
}

/** Drops events older than a day so the table stays small. */
export async function pruneEvents(db: Db): Promise<void> {
  await db.deleteFrom('rateEvents').where('createdAt', '<', now() - 86_400_000).execute();
}
