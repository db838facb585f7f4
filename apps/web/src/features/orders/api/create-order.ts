import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { orderCreateBody, orderCreatedSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { memberKeys } from '@/lib/member';

export type OrderInput = z.input<typeof orderCreateBody>;
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

/** POST /client/v1/orders; the ordered lines leave the cart and a balance payment is debited. */
export function useCreateOrder() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: OrderInput) => api.post<OrderCreated>('/client/v1/orders', body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['cart'] }),
        qc.invalidateQueries({ queryKey: memberKeys.info() }),
        qc.invalidateQueries({ queryKey: ['orders'] }),
        qc.invalidateQueries({ queryKey: ['finance'] }),
      ]),
  });
}
