import { useQuery } from '@tanstack/react-query';
import { UI } from '@labshop/shared';
import type { HistoryItem } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/**
 * The member's recently viewed products (members only: render it for logged-in users). Asked
 * again for every product page shown, after that page's product has loaded, so the list already
 * includes it.
 */
export function useBrowseHistory(productId: number) {
  return useQuery({
    queryKey: ['products', 'history', productId],
    queryFn: () =>
      api.get<HistoryItem[]>('/client/v1/products/history', { params: { size: UI.historySize } }),
    staleTime: 0,
  });
}
