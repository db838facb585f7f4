import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { KEEP_ANSWERS_MS, pruneKeys } from '../domains/idempotency/index.ts';
import { pruneVerificationData } from '../domains/account/index.ts';
import { pruneOrderCarts } from '../domains/orders/index.ts';
import { pruneLoginTickets, pruneStaffSessions } from '../domains/staff/index.ts';

/** Ended staff sessions are kept this long (for looking into a complaint), then dropped. */
const STAFF_SESSIONS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The hourly clean-up: expired codes and member sessions, old rate events, ended staff sessions
 * and two-factor login tickets, and the answers kept for retries (idempotency keys, which cart
 * lines became which order) once their retry window of a day is over (docs/api.md, "Idempotency").
 */
export async function pruneStaleData(db: Db): Promise<void> {
  const t = now();
  await pruneVerificationData(db);
  await pruneStaffSessions(db, t - STAFF_SESSIONS_KEPT_MS);
  await pruneLoginTickets(db, t - STAFF_SESSIONS_KEPT_MS);
  await pruneKeys(db, t - KEEP_ANSWERS_MS);
  await pruneOrderCarts(db, t - KEEP_ANSWERS_MS);
}
