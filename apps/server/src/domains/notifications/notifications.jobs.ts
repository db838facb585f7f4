import type { Job } from '../../lib/jobs.ts';
import { sendDueMessages, type Transports } from './notifications.sender.ts';

/** Batches one run sends at most, so a backlog never holds the scheduler for long. */
const MAX_BATCHES = 20;

/** Sends the outbox (docs/notifications.md); every instance may run it, the row claims decide. */
export function notificationJobs(transports: Transports): Job[] {
  return [
    {
      name: 'notifications.send',
      everyMs: 10_000,
      run: async (db) => {
        for (let i = 0; i < MAX_BATCHES; i++) {
          const r = await sendDueMessages(db, transports);
          if (r.sent + r.retried + r.failed + r.skipped === 0) break;
        }
      },
    },
  ];
}
