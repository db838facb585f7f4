import { OrderStatus, PayType } from '@labshop/shared';
import { isPostgres, type Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';

/*
 * Organization credit (月结) and settlements (docs/contract-prices-credit.md): the credit rows,
 * settlements and their orders are this domain's; the credit orders are read from orders (the
 * orders domain writes them, through its state machine).
 */

const DAY = 86_400_000;

export async function findCredit(db: Db, orgId: number): Promise<Row<'orgCredits'> | undefined> {
  return db.selectFrom('orgCredits').selectAll().where('orgId', '=', orgId).executeTakeFirst();
}

/**
 * The organization's credit row, locked for the rest of the transaction: on PostgreSQL
 * `select … for update`, so credit orders of one organization take turns; SQLite writes one
 * transaction at a time anyway.
 */
export async function lockCredit(trx: Db, orgId: number): Promise<Row<'orgCredits'> | undefined> {
  const q = trx.selectFrom('orgCredits').selectAll().where('orgId', '=', orgId);
  return (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
}

/** Sets the limit and term, making the row on the first call (one row per organization). */
export async function saveCredit(
  db: Db,
  row: Pick<NewRow<'orgCredits'>, 'orgId' | 'creditLimit' | 'termDays' | 'updatedBy' | 'updatedAt'>,
): Promise<void> {
  await db
    .insertInto('orgCredits')
    .values({ ...row, createdAt: row.updatedAt })
    .onConflict((oc) =>
      oc.column('orgId').doUpdateSet({
        creditLimit: row.creditLimit,
        termDays: row.termDays,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt,
      }),
    )
    .execute();
}

/** Credit orders of the organization that are not cancelled. */
const liveCredit = (db: Db, orgId: number) =>
  db
    .selectFrom('orders')
    .where('orgId', '=', orgId)
    .where('payType', '=', PayType.CREDIT)
    .where('status', '!=', OrderStatus.CANCELLED);

/** Fen the organization's open credit orders (not settled, not cancelled) owe. */
export async function openCredit(db: Db, orgId: number): Promise<number> {
  const row = await liveCredit(db, orgId)
    .where('settledAt', 'is', null)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Fen of the open credit orders placed before `before` (past their term when it is now − term). */
export async function overdueCredit(db: Db, orgId: number, before: number): Promise<number> {
  const row = await liveCredit(db, orgId)
    .where('settledAt', 'is', null)
    .where('createdAt', '<', before)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * How many organizations with credit have an open credit order past their term at `at` (the
 * term in ms as bigint: 30 days of ms pass PostgreSQL's integer).
 */
export async function overdueOrgCount(db: Db, at: number): Promise<number> {
  const row = await db
    .selectFrom('orgCredits as c')
    .where((w) =>
      w.exists(
        w
          .selectFrom('orders as o')
          .select('o.id')
          .whereRef('o.orgId', '=', 'c.orgId')
          .where('o.payType', '=', PayType.CREDIT)
          .where('o.status', '!=', OrderStatus.CANCELLED)
          .where('o.settledAt', 'is', null)
          .where((eb) =>
            eb(
              'o.createdAt',
              '<',
              eb(eb.val(at), '-', eb(eb.cast<number>('c.termDays', 'bigint'), '*', DAY)),
            ),
          ),
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The credit orders a month's statement needs: placed before its end and not settled before its
 * start, with their buyer, oldest first.
 */
export async function statementOrders(db: Db, orgId: number, start: number, end: number) {
  return liveCredit(db, orgId)
    .innerJoin('users as u', 'u.id', 'orders.userId')
    .where('orders.createdAt', '<', end)
    .where((eb) => eb.or([eb('settledAt', 'is', null), eb('settledAt', '>=', start)]))
    .select([
      'orders.id',
      'orders.number',
      'orders.createdAt',
      'orders.amount',
      'orders.budgetCode',
      'orders.settledAt',
      'u.name as buyerName',
      'u.account as buyerAccount',
    ])
    .orderBy('orders.createdAt')
    .orderBy('orders.id')
    .execute();
}

/** The organization's settlements of [start, end), with the orders each settled. */
export async function settlementsBetween(db: Db, orgId: number, start: number, end: number) {
  const rows = await db
    .selectFrom('settlements')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('createdAt', '>=', start)
    .where('createdAt', '<', end)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const orders =
    rows.length === 0
      ? []
      : await db
          .selectFrom('settlementOrders')
          .select(['settlementId', 'orderId'])
          .where(
            'settlementId',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('orderId')
          .execute();
  return rows.map((r) => ({
    ...r,
    orderIds: orders.filter((o) => o.settlementId === r.id).map((o) => o.orderId),
  }));
}

/** The named credit orders of the organization (any state), in ascending id. */
export async function creditOrdersByIds(db: Db, orgId: number, ids: readonly number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'amount', 'status', 'payStatus', 'payType', 'settledAt', 'userId'])
    .where('orgId', '=', orgId)
    .where('payType', '=', PayType.CREDIT)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export async function insertSettlement(db: Db, row: NewRow<'settlements'>): Promise<number> {
  const r = await db
    .insertInto('settlements')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The settlement's orders; an order already in one breaks the unique key (settled once). */
export async function insertSettlementOrders(
  db: Db,
  rows: readonly NewRow<'settlementOrders'>[],
): Promise<void> {
  await db
    .insertInto('settlementOrders')
    .values([...rows])
    .execute();
}
