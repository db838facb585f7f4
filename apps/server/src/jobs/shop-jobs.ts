import type { Job } from '../lib/jobs.ts';
import type { PaymentsConfig } from '../payments-config.ts';
import {
  closeSupersededPayments,
  queryOpenPayments,
  queryPendingRefunds,
} from '../domains/payments/index.ts';
import { closeTimedOutOrders } from '../workflows/cancel-order.ts';
import { notificationJobs } from '../domains/notifications/index.ts';
import type { Transports } from '../domains/notifications/index.ts';
import { pruneStaleData } from './prune.ts';

const MINUTE = 60_000;

/**
 * The shop's scheduled work, every job in one list (docs/payments.md, "Scheduled work"): the
 * scheduler in lib/jobs.ts runs each once per period however many instances run.
 */
export function shopJobs(cfg: PaymentsConfig, transports: Transports): Job[] {
  return [
    {
      name: 'payments.query',
      everyMs: 2 * MINUTE,
      run: async (db) => {
        await queryOpenPayments(db, cfg);
        await closeSupersededPayments(db, cfg);
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
    ...notificationJobs(transports),
  ];
}
