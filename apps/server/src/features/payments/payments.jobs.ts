import type { Job } from '../../lib/jobs.ts';
import { pruneStaleData } from '../session/prune.service.ts';
import type { PaymentsConfig } from './payments.config.ts';
import { closeTimedOutOrders, queryOpenPayments, queryPendingRefunds } from './payments.service.ts';

const MINUTE = 60_000;

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
      run: pruneStaleData,
    },
  ];
}
