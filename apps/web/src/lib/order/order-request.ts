import type { z } from 'zod';
import { InvoiceType } from '@labshop/shared';
import type { Address, Invoice, orderFieldsBody } from '@labshop/shared/schemas';
import { regionCodeOf } from './region';

/** The order fields every ordering path sends: delivery, invoice, pay type and remark. */
export type OrderRequestFields = z.input<typeof orderFieldsBody>;

/**
 * The invoice part of an order request from the member's saved invoice details. Every path that
 * places an order (the cart's confirm page, which quick order and reorder lead to, and the quote
 * page) builds it here, so a 增值税专用发票 carries its registered address, telephone, bank and
 * account on each of them (docs/product-rules.md section 5).
 */
export function orderInvoiceFields(invoice: Invoice) {
  if (invoice.invoiceType === InvoiceType.NONE) return { invoiceType: InvoiceType.NONE };
  return {
    invoiceType: invoice.invoiceType,
    invoiceCompanyName: invoice.invoiceHeader,
    invoiceTaxpayerIdentificationNumber: invoice.taxpayerNumber,
    invoiceEmail: invoice.invoiceEmail,
    invoiceRegisteredAddress: invoice.registerAddress,
    invoiceRegistrationTelephone: invoice.registerTelephone,
    invoiceDepositBank: invoice.bankName,
    invoiceBankAccountNumber: invoice.bankAccount,
  };
}

/** The delivery fields of an order request from the chosen address. */
export const deliveryFields = (address: Address) => ({
  deliveryUsername: address.name,
  deliveryPhone: address.phone,
  deliveryRegionCode: regionCodeOf(address.region) ?? '',
  deliveryAddress: address.address,
});

/** The order request's fields from the chosen address, the saved invoice, pay type and remark. */
export function orderRequestFields(input: {
  address: Address;
  invoice: Invoice;
  payType: number;
  remark: string;
}): OrderRequestFields {
  return {
    ...deliveryFields(input.address),
    payType: input.payType,
    userRemark: input.remark.trim(),
    ...orderInvoiceFields(input.invoice),
  };
}
