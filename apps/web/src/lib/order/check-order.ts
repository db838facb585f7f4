import { INVOICE_FORM_MISSING, invoiceProblem, InvoiceType, MSG } from '@labshop/shared';
import type { Address, Invoice } from '@labshop/shared/schemas';
import { regionCodeOf } from './region';

export const ADDRESS_REQUIRED = '请选择收货地址';
export const ADDRESS_INCOMPLETE = '收货地址信息不完整，请重新选择或新增地址';

/** Whether the saved invoice details pass the shared invoice rules the server applies. */
export const invoiceComplete = (invoice: Invoice) =>
  invoice.invoiceType === InvoiceType.NONE ||
  invoiceProblem(
    { ...invoice, header: invoice.invoiceHeader, email: invoice.invoiceEmail },
    INVOICE_FORM_MISSING,
  ) === null;

/** The confirm page's checks of docs/product-rules.md section 5, in order; the first failing message or null. */
export function checkOrder(input: {
  lineCount: number;
  address: Address | undefined;
  invoice: Invoice | undefined;
  payType: number | null;
}): string | null {
  if (input.lineCount === 0) return MSG.cartIdsRequired;
  const a = input.address;
  if (!a) return ADDRESS_REQUIRED;
  if (!a.name.trim() || !a.phone.trim() || !a.address.trim() || !regionCodeOf(a.region)) {
    return ADDRESS_INCOMPLETE;
  }
  if (!input.invoice || !invoiceComplete(input.invoice)) return MSG.invoiceInfoRequired;
  if (input.payType === null) return MSG.payTypeRequired;
  return null;
}
