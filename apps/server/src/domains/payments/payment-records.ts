import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import * as repo from './payments.repository.ts';

/** One line of an order's payment history: what was sent or received, and what came of it. */
export async function record(
  db: Db,
  r: {
    orderId: number | null;
    payType: number;
    kind: string;
    outTradeNo?: string;
    verified: boolean;
    outcome: string;
    payload: string;
  },
): Promise<void> {
  await repo.insertRecord(db, {
    orderId: r.orderId,
    payType: r.payType,
    kind: r.kind,
    outTradeNo: r.outTradeNo ?? '',
    verified: r.verified ? 1 : 0,
    outcome: r.outcome,
    payload: r.payload.slice(0, 64_000),
    createdAt: now(),
  });
}
