import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { refreshStock } from './invalidate';

export interface ReceiptInput {
  storeId: number;
  supplier: string;
  remark: string;
  lines: { materialId: number; lotNumber: string; expire: string; quantity: number }[];
}

/** POST /manage/v1/stock/receipts: lots received into one warehouse; answers the receipt's id. */
export function useCreateReceipt() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ReceiptInput) => api.post<{ id: number }>('/manage/v1/stock/receipts', body),
    onSuccess: () => refreshStock(client),
  });
}
