import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { now } from './clock.ts';
import * as repo from './jobs.repository.ts';

/** A piece of scheduled work: run every `everyMs`, by exactly one instance each time. */
export interface Job {
  name: string;
  everyMs: number;
  run: (db: Db) => Promise<void>;
}

export interface JobLogger {
  error: (obj: object, msg: string) => void;
}

/** This process, as named in the lease rows it takes. */
const holderId = `${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Claims the job's current run: the conditional update moves next_run_at forward only while it
 * is due, so of any number of instances (and ticks) exactly one wins each due time. Works alike
 * on SQLite and PostgreSQL (the row lock serializes the competing updates).
 */
export async function claimRun(db: Db, job: Job, at: number, holder = holderId): Promise<boolean> {
  await repo.ensureLease(db, job.name, at);
  return repo.takeDueLease(db, { name: job.name, at, nextRunAt: at + job.everyMs, holder });
}

/** Runs every due job this instance claims; answers the names of the jobs it ran. */
export async function runDueJobs(db: Db, jobs: Job[], log?: JobLogger): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    if (!(await claimRun(db, job, now()))) continue;
    ran.push(job.name);
    try {
      await job.run(db);
    } catch (err) {
      log?.error({ err, job: job.name }, 'scheduled job failed');
    }
    await repo.markLeaseFinished(db, job.name, now());
  }
  return ran;
}

/**
 * Looks for due jobs every `tickMs` until stopped. Ticks never overlap within a process; across
 * processes the lease rows decide who runs.
 */
export function startScheduler(
  db: Db,
  jobs: Job[],
  opts: { tickMs: number; log?: JobLogger },
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDueJobs(db, jobs, opts.log)
      .catch((err: unknown) => opts.log?.error({ err }, 'scheduler tick failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.tickMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
