import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewRow, Row } from '../../db/schema.ts';

export async function insertRequest(db: Db, request: NewRow<'customized'>): Promise<number> {
  const row = await db
    .insertInto('customized')
    .values(request)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertGoods(db: Db, goods: NewRow<'customizedGoods'>[]): Promise<void> {
  await db.insertInto('customizedGoods').values(goods).execute();
}

export interface RequestFilter {
  startTime?: number;
  endTime?: number;
}

const ownedMatching =
  (userId: number, f: RequestFilter) => (eb: ExpressionBuilder<Database, 'customized'>) => {
    const conds = [eb('userId', '=', userId)];
    if (f.startTime !== undefined) conds.push(eb('createdAt', '>=', f.startTime));
    if (f.endTime !== undefined) conds.push(eb('createdAt', '<=', f.endTime));
    return eb.and(conds);
  };

export async function countRequests(db: Db, userId: number, f: RequestFilter): Promise<number> {
  const row = await db
    .selectFrom('customized')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedMatching(userId, f))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listRequests(
  db: Db,
  userId: number,
  f: RequestFilter,
  page: { offset: number; limit: number },
): Promise<Row<'customized'>[]> {
  return db
    .selectFrom('customized')
    .selectAll()
    .where(ownedMatching(userId, f))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function findRequest(
  db: Db,
  userId: number,
  id: number,
): Promise<Row<'customized'> | undefined> {
  return db
    .selectFrom('customized')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function goodsOfRequests(db: Db, ids: number[]): Promise<Row<'customizedGoods'>[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('customizedGoods')
    .selectAll()
    .where('customizedId', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Moves the member's request from `from` to `to`; answers whether it was in `from`. */
export async function changeStatus(
  db: Db,
  userId: number,
  id: number,
  change: { from: number; to: number },
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('customized')
    .set({ status: change.to, updatedAt: at })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
