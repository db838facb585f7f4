import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, Row } from '../../db/schema.ts';

export interface RecordFilter {
  type?: number;
  business?: number;
  startTime?: number;
  endTime?: number;
}

const ownedMatching =
  (userId: number, f: RecordFilter) => (eb: ExpressionBuilder<Database, 'balanceRecords'>) => {
    const conds = [eb('userId', '=', userId)];
    if (f.type !== undefined) conds.push(eb('type', '=', f.type));
    if (f.business !== undefined) conds.push(eb('business', '=', f.business));
    if (f.startTime !== undefined) conds.push(eb('createdAt', '>=', f.startTime));
    if (f.endTime !== undefined) conds.push(eb('createdAt', '<=', f.endTime));
    return eb.and(conds);
  };

export async function countRecords(db: Db, userId: number, f: RecordFilter): Promise<number> {
  const row = await db
    .selectFrom('balanceRecords')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedMatching(userId, f))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first; the id breaks ties between records of the same millisecond. */
export async function listRecords(
  db: Db,
  userId: number,
  f: RecordFilter,
  page: { offset: number; limit: number },
): Promise<Row<'balanceRecords'>[]> {
  return db
    .selectFrom('balanceRecords')
    .selectAll()
    .where(ownedMatching(userId, f))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
