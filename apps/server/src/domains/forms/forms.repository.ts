import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';

export async function insertFeedback(db: Db, row: NewRow<'feedbacks'>) {
  await db.insertInto('feedbacks').values(row).execute();
}

export async function insertBulkInquiry(db: Db, row: NewRow<'bulkInquiries'>) {
  await db.insertInto('bulkInquiries').values(row).execute();
}

export async function countCheckinsWithPrefix(db: Db, prefix: string): Promise<number> {
  const row = await db
    .selectFrom('surveyCheckins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('number', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a check-in unless its number is taken; answers whether it was inserted. */
export async function tryInsertCheckin(db: Db, row: NewRow<'surveyCheckins'>): Promise<boolean> {
  const inserted = await db
    .insertInto('surveyCheckins')
    .values(row)
    .onConflict((oc) => oc.column('number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Sets how staff handle a submitted form: its status, remark and assignee. */
export async function setHandling(
  db: Db,
  table: 'feedbacks' | 'bulkInquiries' | 'surveyCheckins',
  id: number,
  set: { handleStatus: number; staffRemark: string; assigneeId: number | null },
): Promise<void> {
  await db.updateTable(table).set(set).where('id', '=', id).execute();
}

/** Item numbers match whatever their case; lot numbers match exactly. */
export function findCoaRecords(db: Db, productNumber: string, lotNumber: string) {
  return db
    .selectFrom('coaRecords')
    .select(['name', 'expire', 'file'])
    .where(sql<string>`lower(${sql.ref('productNumber')})`, '=', productNumber.toLowerCase())
    .where('lotNumber', '=', lotNumber)
    .orderBy('id')
    .execute();
}
