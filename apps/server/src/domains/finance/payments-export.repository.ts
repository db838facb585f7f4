import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/chunks.ts';

/*
 * Names a payments export shows (order numbers, members, staff), read by id in parts: an export
 * may name tens of thousands of orders, more than one statement may bind.
 */

const ID_CHUNK = 1000;

export async function ordersByIds(db: Db, ids: readonly number[]) {
  const rows = [];
  for (const part of chunks(ids, ID_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom('orders')
        .select(['id', 'number', 'userId'])
        .where('id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

export async function membersByIds(db: Db, ids: readonly number[]) {
  const rows = [];
  for (const part of chunks(ids, ID_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'account', 'name', 'company'])
        .where('id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

export async function staffNamesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('staff').select(['id', 'name']).where('id', 'in', ids).execute();
}
