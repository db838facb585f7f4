import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { refreshStock } from './invalidate';

export interface Adjustment {
  materialId: number;
  storeId: number;
  reason: 'received' | 'counted' | 'damaged';
  quantity: number;
  remark: string;
  /** The lot adjusted; without it the server's rule for stock of no named lot applies. */
  lotNumber?: string;
}

/** POST /manage/v1/stock/adjustments */
export function useAdjustStock() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: Adjustment) =>
      api.post<{ count: number }>('/manage/v1/stock/adjustments', body),
    onSuccess: () => refreshStock(client),
  });
}
