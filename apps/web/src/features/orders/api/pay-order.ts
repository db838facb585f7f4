import { useQueryClient } from '@tanstack/react-query';
import type { PaymentStart } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { memberKeys } from '@/lib/member';
import { useSubmitMutation } from '@labshop/api-client/react';

export interface PayInput {
  id: number;
  payType: number;
  device: 'pc' | 'mobile';
}

/** POST /client/v1/user/orders/{id}/payment: pays by balance or starts a gateway / bank transfer. */
export function usePayOrder() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, payType, device }: PayInput) =>
      api.post<PaymentStart>(`/client/v1/user/orders/${id}/payment`, { payType, device }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['orders'] }),
        qc.invalidateQueries({ queryKey: memberKeys.info() }),
        qc.invalidateQueries({ queryKey: ['finance'] }),
      ]),
  });
}
