import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
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

/** Units of each order line already shipped (a cancelled package's units are not). */
export async function shippedOfOrder(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('deliveryGoods as dg')
    .innerJoin('deliveries as d', 'd.id', 'dg.deliveryId')
    .select(['dg.orderGoodsId', (eb) => eb.fn.sum<number>('dg.quantityShipped').as('shipped')])
    .where('d.orderId', '=', orderId)
    .where('d.cancelledAt', 'is', null)
    .groupBy('dg.orderGoodsId')
    .execute();
  return new Map(rows.map((r) => [r.orderGoodsId, Number(r.shipped)]));
}

/** Every package of the order with its goods, cancelled ones too (the console shows them). */
export async function deliveriesOfOrder(db: Db, orderId: number) {
  const deliveries = await db
    .selectFrom('deliveries')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
  const goods =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('deliveryGoods as dg')
          .innerJoin('orderGoods as g', 'g.id', 'dg.orderGoodsId')
          .select([
            'dg.deliveryId',
            'dg.orderGoodsId',
            'dg.quantityShipped',
            'dg.stocks',
            'dg.lotNumber',
            'dg.expire',
            'g.name',
            'g.pack',
          ])
          .where(
            'dg.deliveryId',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('dg.id')
          .execute();
  return { deliveries, goods };
}

export async function paymentsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orderPayments as p')
    .leftJoin('staff as s', 's.id', 'p.staffId')
    .selectAll('p')
    .select(['s.name as staffName'])
    .where('p.orderId', '=', orderId)
    .orderBy('p.id')
    .execute();
}

/**
 * Moves an order from one state to another only if it is still in the expected state; answers
 * whether it did. Two staff acting at once: the second finds the state changed and gets false.
 */
export async function transitionOrder(
  db: Db,
  id: number,
  from: {
    status: number[];
    payStatus?: number[];
    amountNull?: boolean;
    amount?: number | null;
  },
  set: Partial<Row<'orders'>>,
): Promise<boolean> {
  let q = db.updateTable('orders').set(set).where('id', '=', id).where('status', 'in', from.status);
  if (from.payStatus) q = q.where('payStatus', 'in', from.payStatus);
  if (from.amountNull !== undefined) q = q.where('amount', from.amountNull ? 'is' : 'is not', null);
  // The amount read: staff may have corrected what the unpaid order owes since (order-edit).
  if (from.amount !== undefined)
    q = q.where('amount', from.amount === null ? 'is' : '=', from.amount);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertPayment(db: Db, row: NewRow<'orderPayments'>): Promise<void> {
  await db.insertInto('orderPayments').values(row).execute();
}

export async function storesByIds(db: Db, ids: number[]): Promise<Row<'stores'>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('stores').selectAll().where('id', 'in', ids).execute();
}

export async function allStores(db: Db): Promise<Row<'stores'>[]> {
  return db.selectFrom('stores').selectAll().orderBy('id').execute();
}

export async function insertDelivery(db: Db, row: NewRow<'deliveries'>): Promise<number> {
  const r = await db.insertInto('deliveries').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertDeliveryGoods(db: Db, rows: NewRow<'deliveryGoods'>[]): Promise<void> {
  await db.insertInto('deliveryGoods').values(rows).execute();
}

export async function findDelivery(db: Db, orderId: number, id: number) {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('orderId', '=', orderId)
    .executeTakeFirst();
}

/**
 * Writes a delivery's track only if it is still the text read before; answers whether it did,
 * so two records appended at once cannot overwrite each other.
 */
export async function replaceTrack(
  db: Db,
  id: number,
  before: string,
  after: string,
): Promise<boolean> {
  const res = await db
    .updateTable('deliveries')
    .set({ track: after })
    .where('id', '=', id)
    .where('track', '=', before)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks a package cancelled (撤销发货) only if it still stands; answers whether it did, so of two
 * staff cancelling it at once only one puts its stock back.
 */
export async function cancelDelivery(
  db: Db,
  id: number,
  set: { at: number; reason: string; staffId: number },
): Promise<boolean> {
  const res = await db
    .updateTable('deliveries')
    .set({ cancelledAt: set.at, cancelReason: set.reason, cancelledBy: set.staffId })
    .where('id', '=', id)
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How many packages of the order still stand (not cancelled). */
export async function activeDeliveryCount(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orderId', '=', orderId)
    .where('cancelledAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
