import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import type { ORDER_SORTS, SortValue } from '@labshop/shared/schemas';
import {
  NEWEST,
  createdWithin,
  selectPage,
  type PageRequest,
  type TimeRange,
} from '../../db/paging.ts';
import { listOrder } from '../../db/sorting.ts';
import { contains, endsWithDigits } from '../../db/like.ts';

export interface ManageOrderFilter extends TimeRange {
  number?: string;
  status?: number;
  payStatus?: number;
  payType?: number;
  phone?: string;
  product?: string;
  cities: string[];
  /** true: only orders still to be priced (待定价); false: only priced ones; absent: both. */
  pending?: boolean;
  sort?: SortValue<(typeof ORDER_SORTS)[number]> | undefined;
}

/** The order list's sortable columns; unpriced orders (待确认) come last either way. */
const ORDER_COLUMNS = {
  createTime: { column: 'createdAt' },
  amount: { column: 'amount', nullable: true },
};

export async function pageOrders(db: Db, f: ManageOrderFilter, page: PageRequest) {
  const query = db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => {
      const conds: Expression<SqlBool>[] = [...createdWithin(eb, f)];
      if (f.number) conds.push(contains(eb.ref('orders.number'), f.number));
      if (f.status !== undefined) conds.push(eb('orders.status', '=', f.status));
      if (f.payStatus !== undefined) conds.push(eb('orders.payStatus', '=', f.payStatus));
      if (f.payType !== undefined) conds.push(eb('orders.payType', '=', f.payType));
      if (f.pending !== undefined)
        conds.push(eb('orders.amount', f.pending ? 'is' : 'is not', null));
      if (f.phone) {
        // A whole number, or its last four digits as read off a label or a call display.
        const phone = f.phone;
        const matches = (column: Expression<unknown>) =>
          /^\d{4}$/.test(phone)
            ? endsWithDigits(column, phone)
            : sql<SqlBool>`${column} = ${phone}`;
        conds.push(
          eb.or([
            matches(eb.ref('orders.deliveryPhone')),
            eb(
              'orders.userId',
              'in',
              eb
                .selectFrom('users')
                .select('id')
                .where((u) => matches(u.ref('phone'))),
            ),
          ]),
        );
      }
      if (f.product) {
        const product = f.product;
        conds.push(
          eb.exists(
            eb
              .selectFrom('orderGoods as g')
              .select('g.id')
              .whereRef('g.orderId', '=', 'orders.id')
              .where((w) =>
                w.or([
                  contains(w.ref('g.name'), product),
                  contains(w.ref('g.number'), product),
                  contains(w.ref('g.cas'), product),
                ]),
              ),
          ),
        );
      }
      if (f.cities.length > 0) {
        // deliveryRegionCode is "province,city,area"; municipalities are picked by province code.
        conds.push(
          eb.or(
            f.cities.flatMap((c) =>
              c.endsWith('0000')
                ? [eb('orders.deliveryRegionCode', 'like', `${c},%`)]
                : [
                    eb('orders.deliveryRegionCode', 'like', `%,${c},%`),
                    eb('orders.deliveryRegionCode', 'like', `%,${c}`),
                  ],
            ),
          ),
        );
      }
      return eb.and(conds);
    });
  return selectPage(query, page, listOrder(f.sort, ORDER_COLUMNS, 'id', NEWEST));
}

export async function membersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'account', 'name', 'phone', 'company'])
    .where('id', 'in', ids)
    .execute();
}

export async function findOrder(db: Db, id: number): Promise<Row<'orders'> | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function goodsOfOrder(db: Db, orderId: number): Promise<Row<'orderGoods'>[]> {
  return db
    .selectFrom('orderGoods')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function ordersByIds(db: Db, ids: readonly number[]): Promise<Row<'orders'>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
}

/**
 * Records the issued fapiao on a paid, not cancelled order. Answers 'new' when the number is new
 * to the order, 'same' when it was recorded already (a repeated upload), null when the order
 * cannot take one. The first update is conditional on the number, so of two requests racing
 * with the same number only one sees it new (PostgreSQL re-checks the row after the first
 * commits; SQLite writes are serial).
 */
export async function setOrderFapiao(
  db: Db,
  id: number,
  invoiceNumber: string,
  at: number,
  states: { paid: number; cancelled: number },
): Promise<'new' | 'same' | null> {
  const update = db
    .updateTable('orders')
    .set({ invoiceNumber, invoiceIssuedAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('payStatus', '=', states.paid)
    .where('status', '<>', states.cancelled);
  const fresh = await update.where('invoiceNumber', '<>', invoiceNumber).executeTakeFirst();
  if (Number(fresh.numUpdatedRows) === 1) return 'new';
  const again = await update.executeTakeFirst();
  return Number(again.numUpdatedRows) === 1 ? 'same' : null;
}
