import type { MEMBER_SORTS, SortValue } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { contains } from '../../db/like.ts';
import { listOrder, sortedBy, type ListOrder } from '../../db/sorting.ts';

/** The member list's sortable columns; by default the newest account first. */
const MEMBER_COLUMNS = { createTime: { column: 'createdAt' }, balance: { column: 'balance' } };
const NEWEST_ACCOUNT: ListOrder = { column: 'id', desc: true, id: 'id' };

export async function pageMembers(
  db: Db,
  key: string,
  page: { page: number; size: number },
  sort?: SortValue<(typeof MEMBER_SORTS)[number]>,
) {
  let q = db.selectFrom('users');
  if (key) {
    q = q.where((eb) =>
      eb.or(
        (['phone', 'email', 'name', 'company', 'account'] as const).map((column) =>
          contains(eb.ref(column), key),
        ),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    sortedBy(q.selectAll(), listOrder(sort, MEMBER_COLUMNS, 'id', NEWEST_ACCOUNT))
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findMember(db: Db, id: number): Promise<Row<'users'> | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function latestOrders(
  db: Db,
  userId: number,
  limit: number,
): Promise<Row<'orders'>[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function invoiceOf(db: Db, userId: number): Promise<Row<'invoices'> | undefined> {
  return db.selectFrom('invoices').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export async function addressesOf(db: Db, userId: number): Promise<Row<'addresses'>[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('id')
    .execute();
}
