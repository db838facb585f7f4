import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';

/** SQL of the money-routing changes (docs/console.md, "Money routing"). */

const columns = [
  'c.id',
  'c.key',
  'c.before',
  'c.after',
  'c.status',
  'c.proposedBy',
  'c.proposedAt',
  'c.decidedBy',
  'c.decidedAt',
  'c.reason',
  'p.name as proposerName',
  'd.name as deciderName',
] as const;

const changes = (db: Db) =>
  db
    .selectFrom('settingChanges as c')
    .innerJoin('staff as p', 'p.id', 'c.proposedBy')
    .leftJoin('staff as d', 'd.id', 'c.decidedBy')
    .select(columns);

export function findChange(db: Db, id: number) {
  return changes(db).where('c.id', '=', id).executeTakeFirst();
}

export type ChangeRow = NonNullable<Awaited<ReturnType<typeof findChange>>>;

/** The latest changes, of one setting or all, newest first. */
export function latestChanges(db: Db, key: string | undefined, limit: number) {
  let q = changes(db);
  if (key !== undefined) q = q.where('c.key', '=', key);
  return q.orderBy('c.id', 'desc').limit(limit).execute();
}

export async function pendingOf(db: Db, key: string) {
  return db
    .selectFrom('settingChanges')
    .select('id')
    .where('pendingKey', '=', key)
    .executeTakeFirst();
}

/** Throws a unique violation when the setting already has a pending change. */
export async function insertChange(db: Db, row: NewRow<'settingChanges'>): Promise<number> {
  const { id } = await db
    .insertInto('settingChanges')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Decides a pending change in one conditional update: of two staff deciding at once only one
 * changes the row (PostgreSQL re-checks the condition after the first commits; SQLite writes
 * one at a time). `notBy`: the staff member deciding, who must not be the proposer (a confirmation
 * is never by the proposer, whatever the caller checked before).
 */
export async function decide(
  db: Db,
  id: number,
  d: { status: string; staffId: number; at: number; reason: string; notBy?: number },
): Promise<boolean> {
  let q = db
    .updateTable('settingChanges')
    .set({
      status: d.status,
      pendingKey: null,
      decidedBy: d.staffId,
      decidedAt: d.at,
      reason: d.reason,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (d.notBy !== undefined) q = q.where('proposedBy', '!=', d.notBy);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How a staff member is named in a notice: the name, else the account. */
export async function staffName(db: Db, staffId: number): Promise<string> {
  const row = await db
    .selectFrom('staff')
    .select(['name', 'account'])
    .where('id', '=', staffId)
    .executeTakeFirst();
  return row ? row.name || row.account : '';
}
