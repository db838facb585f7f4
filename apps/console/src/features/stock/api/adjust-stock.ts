import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  return useMutation({
    mutationFn: (body: Adjustment) =>
      api.post<{ count: number }>('/manage/v1/stock/adjustments', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['stock'] }),
  });
}
