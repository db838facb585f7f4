import type { Paged } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { createdWithin, selectPage, type PageRequest, type TimeRange } from '../../db/paging.ts';
import type { NewRow, Row } from '../../db/schema.ts';

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

/** The member's requests created within the range, one page of them. */
export async function pageRequests(
  db: Db,
  userId: number,
  range: TimeRange,
  page: PageRequest,
): Promise<Paged<Row<'customized'>>> {
  return selectPage(
    db
      .selectFrom('customized')
      .selectAll()
      .where((eb) => eb.and([eb('userId', '=', userId), ...createdWithin(eb, range)])),
    page,
  );
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

/** Sets how staff handle a request (the staff inbox): its status, remark and assignee. */
export async function setHandling(
  db: Db,
  id: number,
  set: { handleStatus: number; staffRemark: string; assigneeId: number | null },
): Promise<void> {
  await db.updateTable('customized').set(set).where('id', '=', id).execute();
}

/** Moves a pending custom request to processed or cancelled; answers whether it was pending. */
export async function resolvePending(
  db: Db,
  id: number,
  set: { status: number; reply: string; at: number },
): Promise<boolean> {
  const res = await db
    .updateTable('customized')
    .set({ status: set.status, reply: set.reply, handleStatus: 3, updatedAt: set.at })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
