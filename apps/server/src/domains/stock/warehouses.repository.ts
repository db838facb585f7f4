import type { Db } from '../../db/database.ts';

/** The warehouses stock is kept in (their stock lives in stock.repository.ts). */

export function listStores(db: Db) {
  return db.selectFrom('stores').select(['id', 'name']).orderBy('id').execute();
}

export async function storesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('stores').select(['id', 'name']).where('id', 'in', ids).execute();
}

export function findStore(db: Db, id: number) {
  return db.selectFrom('stores').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function insertStore(db: Db, name: string) {
  return (await db.insertInto('stores').values({ name }).returning('id').executeTakeFirstOrThrow())
    .id;
}

export async function updateStore(db: Db, id: number, name: string) {
  await db.updateTable('stores').set({ name }).where('id', '=', id).execute();
}

export async function deleteStore(db: Db, id: number) {
  await db.deleteFrom('stores').where('id', '=', id).execute();
}
