import type { Db } from '../db/database.ts';
import { tooManyRequests } from './errors.ts';
import { now } from './clock.ts';
import * as repo from './rate-limit.repository.ts';

/**
 * Limits per key (an IP, an account, a form), counted in the database so instances stay
 * stateless.
 */
export interface Window {
  /** Window length in ms. */
  ms: number;
  /** Most events allowed within the window. */
  max: number;
}

/** Attempts reserved against their limits; they count until released. */
export interface Attempts {
  release(): Promise<void>;
}

/**
 * Records one attempt per key first and only then counts, so concurrent requests cannot all slip
 * under a limit (at worst they all get refused). When any key is over its limit, every attempt
 * just recorded is withdrawn and the request answers 429.
 */
export async function reserveAttempts(
  db: Db,
  limits: ReadonlyArray<readonly [key: string, windows: Window[]]>,
): Promise<Attempts> {
  const t = now();
  const ids: number[] = [];
  const release = async () => {
    if (ids.length > 0) await repo.deleteEvents(db, ids);
  };
  for (const [key, windows] of limits) {
    ids.push(await repo.insertEvent(db, key, t));
    const longest = Math.max(...windows.map((w) => w.ms));
    const times = await repo.eventTimesSince(db, key, t - longest);
    if (windows.some((w) => times.filter((at) => at > t - w.ms).length > w.max)) {
      await release();
      throw tooManyRequests();
    }
  }
  return { release };
}

/** Forgets the events of a key, e.g. login failures after a successful login. */
export async function clearEvents(db: Db, key: string): Promise<void> {
  await repo.deleteEventsOfKey(db, key);
}

/** Drops events older than a day so the table stays small. */
export async function pruneEvents(db: Db): Promise<void> {
  await repo.deleteEventsBefore(db, now() - 86_400_000);
}
