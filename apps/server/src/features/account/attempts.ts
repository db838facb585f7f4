import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { Window } from '../../lib/rate-limit.ts';
import * as repo from './attempts.repository.ts';

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
    for (const id of ids) await repo.deleteEvent(db, id);
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
