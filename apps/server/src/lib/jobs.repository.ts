import type { Db } from '../db/database.ts';

/** Creates the job's lease row, due at `at`, unless it exists. */
export async function ensureLease(db: Db, name: string, at: number): Promise<void> {
  await db
    .insertInto('jobLeases')
    .values({ name, nextRunAt: at, holder: '' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Moves the lease's next run to `nextRunAt` only while it is due at `at`; answers whether this
 * holder won the run.
 */
export async function takeDueLease(
  db: Db,
  lease: { name: string; at: number; nextRunAt: number; holder: string },
): Promise<boolean> {
  const res = await db
    .updateTable('jobLeases')
    .set({ nextRunAt: lease.nextRunAt, holder: lease.holder, lastStartedAt: lease.at })
    .where('name', '=', lease.name)
    .where('nextRunAt', '<=', lease.at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markLeaseFinished(db: Db, name: string, at: number): Promise<void> {
  await db.updateTable('jobLeases').set({ lastFinishedAt: at }).where('name', '=', name).execute();
}
