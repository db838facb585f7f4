import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { contains } from '../../db/like.ts';

export async function insertOutbox(db: Db, rows: NewRow<'notificationOutbox'>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('notificationOutbox').values(rows).execute();
}

export async function insertMemberMessages(
  db: Db,
  rows: NewRow<'memberMessages'>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('memberMessages').values(rows).execute();
}

/** The events a member turned emails off for. */
export async function optOutsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notificationOptOuts')
    .select('event')
    .where('userId', '=', userId)
    .execute();
  return rows.map((r) => r.event);
}

export async function replaceOptOuts(db: Db, userId: number, events: string[]): Promise<void> {
  await db.deleteFrom('notificationOptOuts').where('userId', '=', userId).execute();
  if (events.length > 0) {
    await db
      .insertInto('notificationOptOuts')
      .values(events.map((event) => ({ userId, event })))
      .execute();
  }
}

export function findTemplate(db: Db, event: string) {
  return db
    .selectFrom('messageTemplates')
    .selectAll()
    .where('event', '=', event)
    .executeTakeFirst();
}

export function allTemplates(db: Db) {
  return db.selectFrom('messageTemplates').selectAll().execute();
}

export async function upsertTemplate(db: Db, row: Row<'messageTemplates'>): Promise<void> {
  await db
    .insertInto('messageTemplates')
    .values(row)
    .onConflict((oc) =>
      oc.column('event').doUpdateSet({
        subject: row.subject,
        body: row.body,
        sms: row.sms,
        staffId: row.staffId,
        updatedAt: row.updatedAt,
      }),
    )
    .execute();
}

export async function deleteTemplate(db: Db, event: string): Promise<void> {
  await db.deleteFrom('messageTemplates').where('event', '=', event).execute();
}

export function findUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'name', 'phone', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findOrder(db: Db, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function latestOrderId(db: Db) {
  return db.selectFrom('orders').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function goodsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orderGoods')
    .select(['name', 'pack', 'quantityPurchase'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

export function findCustomized(db: Db, id: number) {
  return db
    .selectFrom('customized')
    .select(['id', 'userId', 'contact', 'email', 'content', 'status', 'reply'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- member message centre -------------------------------------------------------------

export async function pageMessages(
  db: Db,
  userId: number,
  unreadOnly: boolean,
  page: { page: number; size: number },
) {
  let query = db.selectFrom('memberMessages').where('userId', '=', userId);
  if (unreadOnly) query = query.where('readAt', 'is', null);
  const [records, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset((page.page - 1) * page.size)
      .limit(page.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.n) };
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('memberMessages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the member's own message read; answers whether it is theirs. */
export async function markRead(db: Db, userId: number, id: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('memberMessages')
    .set({ readAt: sql<number>`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markAllRead(db: Db, userId: number, at: number): Promise<number> {
  const res = await db
    .updateTable('memberMessages')
    .set({ readAt: at })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- outbox: listing and sending --------------------------------------------------------

export interface OutboxFilter {
  state?: string | undefined;
  event?: string | undefined;
  recipient?: string | undefined;
}

export async function pageOutbox(db: Db, f: OutboxFilter, page: { page: number; size: number }) {
  let query = db.selectFrom('notificationOutbox');
  if (f.state) query = query.where('state', '=', f.state);
  if (f.event) query = query.where('event', '=', f.event);
  if (f.recipient) {
    query = query.where(contains(sql.ref('recipient'), f.recipient));
  }
  const [records, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .offset((page.page - 1) * page.size)
      .limit(page.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.n) };
}

export function findOutbox(db: Db, id: number) {
  return db.selectFrom('notificationOutbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Rows a sender may claim at `at`: due pending rows, and rows whose sender's lease ran out. */
export async function dueOutboxIds(db: Db, at: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notificationOutbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('nextAttemptAt', '<=', at)]),
        eb.and([eb('state', '=', 'sending'), eb('leaseUntil', '<', at)]),
      ]),
    )
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one row for `holder` until `leaseUntil`: the update applies only while the row is
 * still due, so of any number of senders exactly one moves it (the row lock on PostgreSQL and
 * the single writer on SQLite serialize them; the loser re-reads the row and finds it taken).
 */
export async function claimOutbox(
  db: Db,
  c: { id: number; at: number; holder: string; leaseUntil: number },
): Promise<Row<'notificationOutbox'> | undefined> {
  const res = await db
    .updateTable('notificationOutbox')
    .set((eb) => ({
      state: 'sending',
      claimedBy: c.holder,
      leaseUntil: c.leaseUntil,
      attempts: eb('attempts', '+', 1),
      updatedAt: c.at,
    }))
    .where('id', '=', c.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('nextAttemptAt', '<=', c.at)]),
        eb.and([eb('state', '=', 'sending'), eb('leaseUntil', '<', c.at)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return undefined;
  return findOutbox(db, c.id);
}

/** Records the outcome of a claimed row, only while this holder still holds it. */
export async function finishOutbox(
  db: Db,
  id: number,
  holder: string,
  patch: {
    state: string;
    nextAttemptAt?: number;
    lastError?: string;
    recipient?: string;
    sentAt?: number | null;
    updatedAt: number;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('notificationOutbox')
    .set({ ...patch, leaseUntil: null })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimedBy', '=', holder)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Puts a failed or unsent message back in line; answers whether it was in such a state. */
export async function requeueOutbox(db: Db, id: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('notificationOutbox')
    .set({ state: 'pending', attempts: 0, nextAttemptAt: at, lastError: '', updatedAt: at })
    .where('id', '=', id)
    .where('state', 'in', ['failed', 'skipped'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
