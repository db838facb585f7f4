import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';

export interface AuditEntry {
  staffId: number;
  /** What was done, e.g. order.payment, member.balance, staff.create. */
  action: string;
  /** What it was done to, e.g. order:12, member:3. */
  target: string;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

/**
 * Records one staff write. Pass the transaction of the write itself, so the audit row and the
 * change it describes are committed (or rolled back) together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLogs')
    .values({
      staffId: entry.staffId,
      action: entry.action,
      target: entry.target,
      before: json(entry.before),
      after: json(entry.after),
      createdAt: now(),
    })
    .execute();
}

export interface AuditFilter {
  target?: string | undefined;
  staffId?: number | undefined;
}

export async function pageAudit(db: Db, filter: AuditFilter, page: { page: number; size: number }) {
  let q = db.selectFrom('auditLogs as a').leftJoin('staff as s', 's.id', 'a.staffId');
  if (filter.target) q = q.where('a.target', '=', filter.target);
  if (filter.staffId) q = q.where('a.staffId', '=', filter.staffId);
  const [rows, total] = await Promise.all([
    q
      .select([
        'a.id',
        'a.staffId',
        'a.action',
        'a.target',
        'a.before',
        'a.after',
        'a.createdAt',
        's.name',
        's.account',
      ])
      .orderBy('a.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The history of one target, oldest first (order detail, member detail). */
export async function auditOf(db: Db, target: string) {
  return db
    .selectFrom('auditLogs as a')
    .leftJoin('staff as s', 's.id', 'a.staffId')
    .select([
      'a.id',
      'a.staffId',
      'a.action',
      'a.target',
      'a.before',
      'a.after',
      'a.createdAt',
      's.name',
      's.account',
    ])
    .where('a.target', '=', target)
    .orderBy('a.id')
    .execute();
}
