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

/** Exactly the invoice fields of a row or a request body, nothing else. */
function pickInvoice(src: Invoice): Invoice {
  return {
    invoiceType: src.invoiceType,
    invoiceHeader: src.invoiceHeader,
    invoiceEmail: src.invoiceEmail,
    taxpayerNumber: src.taxpayerNumber,
    registerAddress: src.registerAddress,
    registerTelephone: src.registerTelephone,
    bankName: src.bankName,
    bankAccount: src.bankAccount,
  };
}

/** The member's invoice details; "no invoice" with empty fields until they save some. */
export async function getInvoice(db: Db, userId: number): Promise<Invoice> {
  const row = await repo.findInvoice(db, userId);
  return row ? pickInvoice(row) : { ...NO_INVOICE };
}

export async function saveInvoice(db: Db, userId: number, invoice: Invoice): Promise<Invoice> {
  await repo.upsertInvoice(db, userId, pickInvoice(invoice), now());
  return getInvoice(db, userId);
}
