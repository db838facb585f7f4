import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { refreshStock } from './invalidate';

export interface TransferInput {
  materialId: number;
  lotNumber: string;
  fromStoreId: number;
  toStoreId: number;
  quantity: number;
  remark: string;
}

/** POST /manage/v1/stock/transfers: units of one lot to another warehouse; answers its id. */
export function useTransferStock() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: TransferInput) =>
      api.post<{ id: number }>('/manage/v1/stock/transfers', body),
    onSuccess: () => refreshStock(client),
  });
}
