import { useQueryClient } from '@tanstack/react-query';
import type { PaymentSync } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';

/** POST /client/v1/user/orders/{id}/payment/query: asks the gateway after the buyer returns. */
export function useQueryPayment() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) =>
      api.post<PaymentSync>(`/client/v1/user/orders/${id}/payment/query`, {}, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}
