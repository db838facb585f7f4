import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { PAYMENT_RECEIVED } from './recorded-payments.repository.ts';

export async function insertBankTransfer(db: Db, row: NewRow<'bankTransfers'>): Promise<number> {
  const r = await db
    .insertInto('bankTransfers')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function bankTransfersByIds(db: Db, ids: number[]): Promise<Row<'bankTransfers'>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('bankTransfers').selectAll().where('id', 'in', ids).execute();
}

/** The orders each of the transfers paid, in the order they were paid. */
export async function ordersOfTransfers(db: Db, transferIds: number[]) {
  if (transferIds.length === 0) return [];
  return db
    .selectFrom('orderPayments as p')
    .innerJoin('orders as o', 'o.id', 'p.orderId')
    .select(['p.bankTransferId', 'p.amount', 'o.id', 'o.number'])
    .where('p.bankTransferId', 'in', transferIds)
    .where('p.kind', '=', PAYMENT_RECEIVED)
    .orderBy('p.id')
    .execute();
}
