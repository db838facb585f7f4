import type { Db } from '../../db/database.ts';
import type { NewRow, RowUpdate } from '../../db/schema.ts';

const columns = [
  'id',
  'productNumber',
  'lotNumber',
  'name',
  'expire',
  'file',
  'createdAt',
] as const;

export function findCoa(db: Db, id: number) {
  return db.selectFrom('coaRecords').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findCoaByLot(db: Db, productNumber: string, lotNumber: string) {
  return db
    .selectFrom('coaRecords')
    .select(columns)
    .where('productNumber', '=', productNumber)
    .where('lotNumber', '=', lotNumber)
    .executeTakeFirst();
}

export async function insertCoa(db: Db, row: NewRow<'coaRecords'>) {
  return (await db.insertInto('coaRecords').values(row).returning('id').executeTakeFirstOrThrow())
    .id;
}

export async function updateCoa(db: Db, id: number, set: RowUpdate<'coaRecords'>) {
  await db.updateTable('coaRecords').set(set).where('id', '=', id).execute();
}

export async function deleteCoa(db: Db, id: number) {
  await db.deleteFrom('coaRecords').where('id', '=', id).execute();
}

export function findProductName(db: Db, number: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('number', '=', number)
    .executeTakeFirst();
}

export async function pageCoa(
  db: Db,
  filter: { productNumber?: string | undefined; lotNumber?: string | undefined },
  page: number,
  size: number,
) {
  let base = db.selectFrom('coaRecords');
  if (filter.productNumber) base = base.where('productNumber', '=', filter.productNumber);
  if (filter.lotNumber) base = base.where('lotNumber', '=', filter.lotNumber);
  const [records, count] = await Promise.all([
    base
      .select(columns)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}
