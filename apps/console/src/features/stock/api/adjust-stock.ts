import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

export interface Adjustment {
  materialId: number;
  storeId: number;
  reason: 'received' | 'counted' | 'damaged';
  quantity: number;
  remark: string;
}

/** POST /manage/v1/stock/adjustments */
export function useAdjustStock() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: Adjustment) =>
      api.post<{ count: number }>('/manage/v1/stock/adjustments', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['stock'] }),
  });
}
