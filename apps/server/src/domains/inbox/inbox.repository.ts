import { sql, type Expression, type SqlBool } from 'kysely';
import type { InboxKind } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import { contains } from '../../db/like.ts';

/** Table of each inbox list, and the column holding the sender's name. */
const INBOX_TABLE = {
  messages: { table: 'feedbacks', sqlName: 'feedbacks', contact: 'contact' },
  inquiries: { table: 'bulkInquiries', sqlName: 'bulk_inquiries', contact: 'contact' },
  customized: { table: 'customized', sqlName: 'customized', contact: 'contact' },
  checkins: { table: 'surveyCheckins', sqlName: 'survey_checkins', contact: 'name' },
} as const satisfies Record<InboxKind, { table: string; sqlName: string; contact: string }>;

export interface InboxFilter {
  handleStatus?: number | undefined;
  key?: string | undefined;
  assigneeId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** A row of any inbox table with its columns named alike. */
export interface InboxRow {
  id: number;
  contact: string;
  phone: string;
  email: string;
  company: string;
  content: string;
  handleStatus: number;
  staffRemark: string;
  assigneeId: number | null;
  assignee: string | null;
  createdAt: number;
  /** Per-kind extras: address, dept, number, extra, remark, status, reply. */
  address?: string;
  dept?: string;
  number?: string;
  extra?: string;
  remark?: string;
  status?: number;
  reply?: string;
  userId?: number | null;
}

/** Columns each table answers, aliased to InboxRow's names (a table without one gives ''). */
function columns(kind: InboxKind) {
  const t = (c: string) => sql.ref(`i.${c}`);
  const none = sql<string>`''`;
  const common = [
    t('id').as('id'),
    t(INBOX_TABLE[kind].contact).as('contact'),
    t('phone').as('phone'),
    t('handle_status').as('handleStatus'),
    t('staff_remark').as('staffRemark'),
    t('assignee_id').as('assigneeId'),
    t('created_at').as('createdAt'),
  ];
  switch (kind) {
    case 'messages':
      return [
        ...common,
        t('email').as('email'),
        none.as('company'),
        t('content').as('content'),
        t('address').as('address'),
      ];
    case 'inquiries':
      return [
        ...common,
        t('email').as('email'),
        t('company').as('company'),
        t('content').as('content'),
        t('user_id').as('userId'),
      ];
    case 'checkins':
      return [
        ...common,
        t('email').as('email'),
        t('company').as('company'),
        none.as('content'),
        t('dept').as('dept'),
        t('number').as('number'),
        t('extra').as('extra'),
      ];
    case 'customized':
      return [
        ...common,
        none.as('email'),
        t('company').as('company'),
        t('content').as('content'),
        t('remark').as('remark'),
        t('status').as('status'),
        t('reply').as('reply'),
        t('user_id').as('userId'),
      ];
  }
}

function where(kind: InboxKind, f: InboxFilter): Expression<SqlBool>[] {
  const conds: Expression<SqlBool>[] = [];
  if (f.handleStatus !== undefined) conds.push(sql<SqlBool>`i.handle_status = ${f.handleStatus}`);
  if (f.assigneeId !== undefined) conds.push(sql<SqlBool>`i.assignee_id = ${f.assigneeId}`);
  if (f.startTime !== undefined) conds.push(sql<SqlBool>`i.created_at >= ${f.startTime}`);
  if (f.endTime !== undefined) conds.push(sql<SqlBool>`i.created_at <= ${f.endTime}`);
  if (f.key) {
    const contact = sql.ref(`i.${INBOX_TABLE[kind].contact}`);
    const company = kind === 'messages' ? sql.ref('i.email') : sql.ref('i.company');
    conds.push(
      sql<SqlBool>`(${contains(contact, f.key)} or ${contains(sql.ref('i.phone'), f.key)} or ${contains(company, f.key)})`,
    );
  }
  return conds;
}

/** One page of an inbox list, newest first, with the assignee's name. */
export async function pageInbox(
  db: Db,
  kind: InboxKind,
  f: InboxFilter,
  page: { page: number; size: number } | null,
): Promise<{ rows: InboxRow[]; total: number }> {
  const table = sql.table(INBOX_TABLE[kind].sqlName);
  const conds = where(kind, f);
  const whereSql = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const limit = page
    ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}`
    : sql`limit 10000`;
  const rows = await sql<InboxRow>`
    select ${sql.join(columns(kind))}, s.name as assignee
    from ${table} as i left join staff as s on s.id = i.assignee_id
    ${whereSql}
    order by i.created_at desc, i.id desc
    ${limit}`.execute(db);
  const count = await sql<{
    n: number;
  }>`select count(*) as n from ${table} as i ${whereSql}`.execute(db);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** The goods lines of custom requests, for their detail text. */
export async function customizedGoods(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('customizedGoods')
    .selectAll()
    .where('customizedId', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function findHandling(db: Db, kind: InboxKind, id: number) {
  return db
    .selectFrom(INBOX_TABLE[kind].table)
    .select(['id', 'handleStatus', 'staffRemark', 'assigneeId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function staffExists(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('staff').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

export async function findCustomized(db: Db, id: number) {
  return db
    .selectFrom('customized')
    .select(['id', 'status', 'reply'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Who wrote an online message or a bulk inquiry, to answer them by email. */
export function findCorrespondent(db: Db, kind: 'messages' | 'inquiries', id: number) {
  return db
    .selectFrom(kind === 'messages' ? 'feedbacks' : 'bulkInquiries')
    .select(['id', 'contact', 'email', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertReply(db: Db, row: NewRow<'inboxReplies'>): Promise<number> {
  const r = await db
    .insertInto('inboxReplies')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The answers to one item, oldest first, with the staff who wrote them. */
export function repliesOf(db: Db, kind: string, itemId: number) {
  return db
    .selectFrom('inboxReplies')
    .leftJoin('staff', 'staff.id', 'inboxReplies.staffId')
    .select([
      'inboxReplies.id',
      'inboxReplies.email',
      'inboxReplies.content',
      'inboxReplies.createdAt',
      'staff.name as staffName',
    ])
    .where('inboxReplies.kind', '=', kind)
    .where('inboxReplies.itemId', '=', itemId)
    .orderBy('inboxReplies.id')
    .execute();
}
