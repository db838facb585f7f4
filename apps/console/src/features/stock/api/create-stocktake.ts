import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { refreshStock } from './invalidate';

export interface StocktakeInput {
  storeId: number;
  remark: string;
  lines: { materialId: number; lotNumber: string; counted: number }[];
}

/**
 * POST /manage/v1/stock/stocktakes: the counted lots of one warehouse; each difference from the
 * book is posted. Answers the stocktake's id and how many differences it posted.
 */
export function useCreateStocktake() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: StocktakeInput) =>
      api.post<{ id: number; differences: number }>('/manage/v1/stock/stocktakes', body),
    onSuccess: () => refreshStock(client),
  });
}
