import { InvoiceType } from '@labshop/shared';
import type { Invoice } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import * as repo from './invoice.repository.ts';

const NO_INVOICE: Invoice = {
  invoiceType: InvoiceType.NONE,
  invoiceHeader: '',
  invoiceEmail: '',
  taxpayerNumber: '',
  registerAddress: '',
  registerTelephone: '',
  bankName: '',
  bankAccount: '',
};

function toInvoice(row: repo.InvoiceRow): Invoice {
  return {
    invoiceType: row.invoiceType,
    invoiceHeader: row.invoiceHeader,
    invoiceEmail: row.invoiceEmail,
    taxpayerNumber: row.taxpayerNumber,
    registerAddress: row.registerAddress,
    registerTelephone: row.registerTelephone,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
  };
}

/** The member's invoice details; "no invoice" with empty fields until they save some. */
export async function getInvoice(db: Db, userId: number): Promise<Invoice> {
  const row = await repo.findInvoice(db, userId);
  return row ? toInvoice(row) : { ...NO_INVOICE };
}

export async function saveInvoice(db: Db, userId: number, invoice: Invoice): Promise<Invoice> {
  await repo.upsertInvoice(db, userId, toInvoice({ ...invoice, userId, updatedAt: 0 }), now());
  return getInvoice(db, userId);
}
