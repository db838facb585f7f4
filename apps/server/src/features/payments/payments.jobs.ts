import type { Job } from '../../lib/jobs.ts';
import { now } from '../../lib/clock.ts';
import { deleteDeadSessions } from '../session/session.repository.ts';
import { deleteCodesBefore } from '../account/verification.repository.ts';
import type { PaymentsConfig } from './payments.config.ts';
import { closeTimedOutOrders, queryOpenPayments, queryPendingRefunds } from './payments.service.ts';

const MINUTE = 60_000;
/** Codes are kept a day: the per-target daily sending limit counts them. */
const CODE_KEEP_MS = 24 * 60 * MINUTE;

/** The shop's scheduled work. */
export function shopJobs(cfg: PaymentsConfig): Job[] {
  return [
    {
      name: 'payments.query',
      everyMs: 2 * MINUTE,
      run: async (db) => {
        await queryOpenPayments(db, cfg);
        await queryPendingRefunds(db, cfg);
      },
    },
    {
      name: 'orders.close-timed-out',
      everyMs: 5 * MINUTE,
      run: async (db) => {
        await closeTimedOutOrders(db, cfg);
      },
    },
    {
      name: 'prune.sessions-and-codes',
      everyMs: 60 * MINUTE,
      run: async (db) => {
        const t = now();
        await deleteDeadSessions(db, t);
        await deleteCodesBefore(db, t - CODE_KEEP_MS);
      },
    },
  ];
}
