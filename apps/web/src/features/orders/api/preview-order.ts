import { useQuery } from '@tanstack/react-query';
import { InvoiceType, PayType } from '@labshop/shared';
import type { Address, OrderPreview } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { deliveryFields } from '@/lib/order/order-request';
import type { OrderInput } from './create-order';

/**
 * The preview's body for the chosen lines and address. The packages and freight depend on
 * nothing else, so the pay type and invoice the order's schema requires are fixed here: choosing
 * them does not ask again (docs/shipping.md, section 3).
 */
export const previewBody = (
  cartIds: number[],
  address: Address,
  orgId: number | null = null,
): OrderInput => ({
  ...deliveryFields(address),
  invoiceType: InvoiceType.NONE,
  payType: PayType.BANK_TRANSFER,
  cartIds,
  // The organization bought for prices the lines at its contract prices.
  ...(orgId === null ? {} : { orgId }),
});

/**
 * POST /client/v1/orders/preview: the packages per shipping class, their freight and the
 * order's amount as the server will charge them; asked again when the lines or the address
 * change. Its refusal (an excluded region) is shown by the page, not toasted.
 */
export function useOrderPreview(
  cartIds: number[],
  address: Address | undefined,
  orgId: number | null = null,
) {
  const body = address && cartIds.length > 0 ? previewBody(cartIds, address, orgId) : null;
  return useQuery({
    queryKey: ['cart', 'preview', body],
    queryFn: () => api.post<OrderPreview>('/client/v1/orders/preview', body, { silent: true }),
    enabled: body !== null,
    staleTime: 0,
    retry: false,
  });
}
