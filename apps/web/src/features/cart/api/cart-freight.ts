import { useQuery } from '@tanstack/react-query';
import { InvoiceType, PayType } from '@labshop/shared';
import type { CartLine, OrderPreview } from '@labshop/shared/schemas';
import { useDebounced } from '@/hooks/use-debounced';
import { api } from '@/lib/api-client';
import { useBuyingFor } from '@/lib/buying-for';
import { useAddresses } from '@/lib/member';
import { deliveryFields } from '@/lib/order/order-request';

/*
 * The cart's 运费 (docs/shipping.md, section 3): the server's, never the browser's. The chosen
 * lines are previewed (POST /client/v1/orders/preview) for the member's default address, as the
 * confirm page will start from it; without an address there is nothing to preview and the cart
 * says the freight is computed per package when ordering.
 */

/** How long the choice must rest (ms) before it is previewed: quantity typing asks once. */
export const FREIGHT_DEBOUNCE_MS = 300;

export type CartFreight =
  /** Nothing chosen: nothing to pay. */
  | { state: 'none' }
  /** The member has no address yet: 下单时按包裹计算. */
  | { state: 'no-address' }
  | { state: 'pending' }
  /** The server's refusal in its words (库存不足, a region a class is not sent to). */
  | { state: 'refused'; message: string }
  | { state: 'priced'; preview: OrderPreview };

export function useCartFreight(chosen: readonly CartLine[]): CartFreight {
  const addresses = useAddresses();
  const orgId = useBuyingFor();
  const book = addresses.data ?? [];
  const address = book.find((a) => a.isDefault) ?? book[0];
  // The quantities are part of the key: changing one previews again.
  const wanted =
    chosen.length > 0 && address
      ? {
          ...deliveryFields(address),
          invoiceType: InvoiceType.NONE,
          payType: PayType.BANK_TRANSFER,
          cartIds: chosen.map((l) => l.id),
          ...(orgId === null ? {} : { orgId }),
          quantities: chosen.map((l) => l.quantity),
        }
      : null;
  const body = useDebounced(wanted, FREIGHT_DEBOUNCE_MS);
  const settled = JSON.stringify(body) === JSON.stringify(wanted);
  const preview = useQuery({
    queryKey: ['cart', 'preview', 'freight', body],
    queryFn: () => {
      const { quantities: _, ...request } = body ?? { quantities: [] };
      return api.post<OrderPreview>('/client/v1/orders/preview', request, { silent: true });
    },
    enabled: body !== null,
    staleTime: 0,
    retry: false,
  });
  if (chosen.length === 0) return { state: 'none' };
  if (addresses.isPending) return { state: 'pending' };
  if (!address) return { state: 'no-address' };
  if (!settled || preview.isPending) return { state: 'pending' };
  if (preview.isError) return { state: 'refused', message: preview.error.message };
  return { state: 'priced', preview: preview.data };
}
