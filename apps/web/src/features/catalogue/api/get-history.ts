import { useQuery } from '@tanstack/react-query';
import { UI } from '@labshop/shared';
import type { HistoryItem } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The member's recently viewed products (members only: render it for logged-in users). */
export function useBrowseHistory() {
  return useQuery({
    queryKey: ['products', 'history'],
    queryFn: () =>
      api.get<HistoryItem[]>('/client/v1/products/history', { params: { size: UI.historySize } }),
    staleTime: 0,
  });
}
