import { OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../db/chunks.ts';
import type { NewRow } from '../../db/schema.ts';

/*
 * Imported bank statements and their rows (docs/contract-prices-credit.md section 5), and the
 * orders a statement is matched against, read with the names their payer may use.
 */

/** An order waiting for money as the matcher needs it, with the names its payer may use. */
export interface WaitingOrderRow {
  id: number;
  number: string;
  transferReference: string;
  payType: number;
  amount: number;
  invoiceCompanyName: string;
  buyerName: string;
  buyerCompany: string;
  orgName: string | null;
}

/**
 * The orders a received transfer can pay: unpaid, priced bank-transfer orders, and credit (月结)
 * orders not settled and not cancelled.
 */
export async function waitingOrders(db: Db): Promise<WaitingOrderRow[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.userId')
    .leftJoin('organizations', 'organizations.id', 'orders.orgId')
    .select([
      'orders.id',
      'orders.number',
      'orders.transferReference',
      'orders.payType',
      'orders.amount',
      'orders.invoiceCompanyName',
      'users.name as buyerName',
      'users.company as buyerCompany',
      'organizations.name as orgName',
    ])
    .where('orders.amount', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('orders.payType', '=', PayType.BANK_TRANSFER),
          eb('orders.payStatus', '=', PayStatus.UNPAID),
          eb('orders.status', '=', OrderStatus.PENDING),
        ]),
        eb.and([
          eb('orders.payType', '=', PayType.CREDIT),
          eb('orders.settledAt', 'is', null),
          eb('orders.status', '!=', OrderStatus.CANCELLED),
        ]),
      ]),
    )
    .orderBy('orders.id')
    .execute();
  return rows.map((r) => ({ ...r, amount: r.amount ?? 0 }));
}

export async function insertStatement(db: Db, row: NewRow<'bankStatements'>): Promise<number> {
  const { id } = await db
    .insertInto('bankStatements')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertStatementRows(
  db: Db,
  rows: readonly NewRow<'bankStatementRows'>[],
): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('bankStatementRows').values(part).execute();
}

export function findStatement(db: Db, id: number) {
  return db
    .selectFrom('bankStatements')
    .leftJoin('staff', 'staff.id', 'bankStatements.staffId')
    .selectAll('bankStatements')
    .select('staff.name as staffName')
    .where('bankStatements.id', '=', id)
    .executeTakeFirst();
}

export async function statementPage(db: Db, page: number, size: number) {
  const [records, count] = await Promise.all([
    db
      .selectFrom('bankStatements')
      .leftJoin('staff', 'staff.id', 'bankStatements.staffId')
      .select([
        'bankStatements.id',
        'bankStatements.fileName',
        'bankStatements.createdAt',
        'bankStatements.rowCount',
        'bankStatements.matchedCount',
        'staff.name as staffName',
      ])
      .orderBy('bankStatements.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('bankStatements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.n) };
}

/** A statement's rows in file order, with the number of the order each matched. */
export function statementRows(db: Db, statementId: number) {
  return db
    .selectFrom('bankStatementRows')
    .leftJoin('orders', 'orders.id', 'bankStatementRows.matchedOrderId')
    .selectAll('bankStatementRows')
    .select(['orders.number as orderNumber', 'orders.payType as orderPayType'])
    .where('bankStatementRows.statementId', '=', statementId)
    .orderBy('bankStatementRows.rowNumber')
    .execute();
}

export function findStatementRow(db: Db, statementId: number, rowNumber: number) {
  return db
    .selectFrom('bankStatementRows')
    .selectAll()
    .where('statementId', '=', statementId)
    .where('rowNumber', '=', rowNumber)
    .executeTakeFirst();
}

/**
 * Marks a matched row confirmed, once: the guarded update changes it only while unconfirmed, so
 * of two confirmations at once one changes it and the other finds it done (false).
 */
export async function markRowConfirmed(
  db: Db,
  rowId: number,
  orderId: number,
  staffId: number,
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('bankStatementRows')
    .set({ confirmedOrderId: orderId, confirmedAt: at, confirmedBy: staffId })
    .where('id', '=', rowId)
    .where('matchedOrderId', '=', orderId)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
