import { InvoiceType } from '@labshop/shared';
import type { Address, Invoice } from '@labshop/shared/schemas';
import { useOrgAddresses, useOrgInvoice } from './shared-details';

/**
 * What an organization's order starts from on the confirm page: its shared addresses and its
 * invoice title, when it has them. Null fields: the member's own are used.
 */
export function useOrgCheckout(orgId: number | null): {
  addresses: Address[] | null;
  invoice: Invoice | null;
} {
  const addresses = useOrgAddresses(orgId);
  const invoice = useOrgInvoice(orgId);
  if (orgId === null) return { addresses: null, invoice: null };
  const shared = (addresses.data ?? []).map((a) => ({ ...a, isDefault: false }));
  const title = invoice.data;
  const titled = title && title.invoiceType !== InvoiceType.NONE && title.invoiceHeader.trim();
  return { addresses: shared.length > 0 ? shared : null, invoice: titled ? title : null };
}
