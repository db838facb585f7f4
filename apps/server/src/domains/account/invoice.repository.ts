import { InvoiceType } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

export type InvoiceRow = Row<'invoices'>;
export type InvoiceFields = Omit<InvoiceRow, 'userId' | 'updatedAt'>;

export async function findInvoice(db: Db, userId: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** A new member's invoice record: no invoice. */
export async function insertNoInvoice(db: Db, userId: number, at: number): Promise<void> {
  await db
    .insertInto('invoices')
    .values({
      userId,
      invoiceType: InvoiceType.NONE,
      invoiceHeader: '',
      invoiceEmail: '',
      taxpayerNumber: '',
      registerAddress: '',
      registerTelephone: '',
      bankName: '',
      bankAccount: '',
      updatedAt: at,
    })
    .execute();
}

export async function upsertInvoice(
  db: Db,
  userId: number,
  fields: InvoiceFields,
  at: number,
): Promise<void> {
  await db
    .insertInto('invoices')
    .values({ userId, ...fields, updatedAt: at })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...fields, updatedAt: at }))
    .execute();
}
